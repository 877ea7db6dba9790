import type { errorMessages } from '@fleetgate/contracts';
import { messagesEn } from '../../features/messages/messages.en.ts';
import { groupsEn } from '../../features/groups/groups.en.ts';
import { assetsEn } from '../../features/assets/assets.en.ts';
import { usersEn } from '../../features/users/users.en.ts';
import { rolesEn } from '../../features/roles/roles.en.ts';
import { accessCategoriesEn } from '../../features/access-categories/access-categories.en.ts';
import { customFieldsEn } from '../../features/custom-fields/custom-fields.en.ts';
import { mqttEn } from '../../features/mqtt/mqtt.en.ts';

/** Every English UI string. Other languages mirror this shape. */
export const en = {
  app: {
    name: 'Fleetgate',
    tagline: 'Approved, audited remote access to your industrial devices',
    loading: 'Loading…',
  },
  form: {
    required: 'Required',
    email: 'Enter a valid e-mail address',
    maxLength: 'Use at most {{count}} characters',
    passwordLength: 'Use {{min}} to {{max}} characters',
    otp: 'Enter the 6-digit code',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
  },
  login: {
    title: 'Log in',
    subtitle: 'Welcome back. Log in to manage your fleet.',
    email: 'E-mail address',
    password: 'Password',
    submit: 'Log in',
    noAccount: 'New to Fleetgate?',
    registerLink: 'Create an account',
    otpTitle: 'Two-factor authentication',
    otpHint: 'Enter the 6-digit code from your authenticator app for {{email}}.',
    otpLabel: 'One-time code',
    otpSubmit: 'Verify',
    otpBack: 'Use another account',
  },
  register: {
    title: 'Create your account',
    subtitle: 'Start managing remote access to your devices.',
    name: 'Full name',
    email: 'E-mail address',
    password: 'Password',
    passwordHint: 'At least {{min}} characters',
    submit: 'Create account',
    haveAccount: 'Already have an account?',
    loginLink: 'Log in',
  },
  logout: {
    progress: 'Logging out…',
  },
  companies: {
    title: 'Your companies',
    subtitle: 'Choose the company you want to work in.',
    empty: 'You are not a member of any company yet. Create one to get started.',
    current: 'Current',
    createTitle: 'Create a company',
    createHint: 'You become its administrator and can invite your colleagues.',
    name: 'Company name',
    createSubmit: 'Create company',
    logOut: 'Log out',
  },
  shell: {
    toggleMenu: 'Toggle menu',
    account: 'Account',
    company: 'Company',
    switchCompany: 'Switch company',
    logOut: 'Log out',
    navigation: 'Main navigation',
    emptyMenu: 'Your role gives you no management areas in this company.',
    sections: {
      USER_MANAGEMENT: 'User management',
      COMPANY: 'Company',
      DEVICE_SETTINGS: 'Device settings',
    },
  },
  home: {
    welcome: 'Welcome, {{name}}',
    intro: 'You are working in {{company}}.',
    company: 'Company',
    role: 'Role',
    email: 'E-mail address',
    noRole: 'No role',
  },
  errors: {
    whoopsTitle: 'Whoops…',
    whoopsSubtitle: 'Looks like something went wrong.',
    apiUnavailableTitle: 'API server is unavailable',
    apiUnavailableHint: 'The server did not answer. Check your connection and try again.',
    tryAgain: 'Try again',
    notAllowedTitle: 'Not allowed',
    notAllowedSubtitle: 'Your role does not allow this page.',
    notFoundSubtitle: 'This page does not exist.',
    goHome: 'Go to home',
    switchCompany: 'Switch company',
    logOut: 'Log out',
    unexpected: 'Something went wrong. Please try again.',
  },
  apiErrors: {
    required: 'Required',
    invalid: 'Invalid value',
    duplicate: 'Already exists',
    nameInUse: 'This name is already in use',
    unauthenticated: 'Please log in again',
    invalidCredentials: 'Wrong e-mail address or password',
    otpRequired: 'Enter your one-time code',
    otpFailed: 'That code is not valid. Try the current one.',
    forbidden: 'Your role does not allow this',
    notFound: 'Not found',
    rateLimited: 'Too many attempts, try again later',
    apiVersion: 'This app does not match the server version. Reload the page.',
    emailInUse: 'This e-mail address is already registered',
    passwordTooCommon: 'This password is too common. Choose a less obvious one.',
    passwordWrong: 'The old password is wrong',
    lastAdministrator: 'A company needs at least one administrator',
    builtInRole: 'Built-in roles cannot be changed',
    roleInUse: 'This role is still in use',
    companyNotFound: 'Company not found',
    companyRequired: 'Choose a company first',
  } satisfies Record<keyof typeof errorMessages, string>,
  // Each feature keeps its texts beside its code.
  messages: messagesEn,
  groups: groupsEn,
  assets: assetsEn,
  users: usersEn,
  roles: rolesEn,
  accessCategories: accessCategoriesEn,
  customFields: customFieldsEn,
  mqtt: mqttEn,
};

export type Resources = typeof en;
