import type { errorMessages } from '@fleetgate/contracts';
import { messagesEn } from '../../features/messages/messages.en.ts';
import { groupsEn } from '../../features/groups/groups.en.ts';
import { assetsEn } from '../../features/assets/assets.en.ts';
import { usersEn } from '../../features/users/users.en.ts';
import { rolesEn } from '../../features/roles/roles.en.ts';
import { accessCategoriesEn } from '../../features/access-categories/access-categories.en.ts';
import { customFieldsEn } from '../../features/custom-fields/custom-fields.en.ts';
import { mqttEn } from '../../features/mqtt/mqtt.en.ts';
import { auditTrailEn } from '../../features/audit-trail/audit-trail.en.ts';
import { devicesEn } from '../../features/devices/devices.en.ts';
import { agentsEn } from '../../features/agents/agents.en.ts';
import { accessRequestsEn } from '../../features/access-requests/access-requests.en.ts';
import { jumpStartEn } from '../../features/jump-start/jump-start.en.ts';
import { remindersEn } from '../../features/reminders/reminders.en.ts';
import { vpnEn } from '../../features/vpn/vpn.en.ts';
import { vpnMobileEn } from '../../features/vpn/vpn-mobile.en.ts';
import { signInBlockEn } from '../../auth/sign-in-block.en.ts';

/** Every English UI string. Other languages mirror this shape. */
export const en = {
  app: {
    name: 'Fleetgate',
    tagline: 'Approved, audited remote access to your industrial devices',
    loading: 'Loading…',
    partLoadFailed: 'This part of the page could not be loaded. Check your connection and try again.',
    retry: 'Retry',
  },
  form: {
    required: 'Required',
    email: 'Enter a valid e-mail address',
    maxLength: 'Use at most {{count}} characters',
    passwordLength: 'Use {{min}} to {{max}} characters',
    otp: 'Enter the 6-digit code',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    clockHours: '{{hours}} hours',
    clockMinutes: '{{minutes}} minutes',
    clockSeconds: '{{seconds}} seconds',
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
    checkMailTitle: 'Check your e-mail',
    checkMailText:
      'We sent an e-mail to {{email}}. Open the link in it to confirm your address and finish creating your account.',
    confirmTitle: 'Confirm your e-mail address',
    confirmSubtitle: 'One step left: confirm to create your Fleetgate account.',
    confirmSubmit: 'Confirm and create account',
    confirmedTitle: 'Your account is ready',
    confirmedText: 'Log in with your e-mail address and the password you chose.',
    confirmFailed: 'This link is invalid or has expired. Register again to get a new one.',
    confirmTaken: 'This e-mail address already has an account. Log in instead.',
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
    home: 'Fleetgate home',
    toggleMenu: 'Toggle menu',
    toggleRightMenu: 'Toggle side menu',
    sidePanel: 'Side panel',
    rightPanel: 'Right side panel',
    account: 'Account',
    accountWithInitials: 'Account of {{name}}: {{initials}}',
    company: 'Company',
    switchCompany: 'Switch company',
    logOut: 'Log out',
    navigation: 'Main navigation',
    emptyMenu: 'Your role gives you no management areas in this company.',
    showChildren: 'Show or hide what is under {{name}}',
    search: 'Search',
    searchPlaceholder: 'Search…',
    clearSearch: 'Clear search',
    help: 'Help centre',
    messages: 'Messages',
    messagesUnread_one: 'Messages, {{shown}} unread',
    messagesUnread_other: 'Messages, {{shown}} unread',
    newVersion: 'A new version of Fleetgate is available.',
    reloadNow: 'Reload now',
    apps: {
      title: 'Apps',
      console: 'Console',
      consoleHint: 'Manage users, groups and devices',
    },
    sections: {
      USER_MANAGEMENT: 'User management',
      COMPANY: 'Company',
      DEVICE_SETTINGS: 'Device settings',
      REMOTE_ACCESS: 'Remote access',
    },
  },
  home: {
    noRole: 'No role',
  },
  errors: {
    whoopsTitle: 'Whoops…',
    whoopsSubtitle: 'Looks like something went wrong.',
    apiUnavailableTitle: 'API server is unavailable',
    apiUnavailableHint: 'The server did not answer. Please try again in a moment.',
    apiUnavailableStatusHint: 'The server did not answer. Please check the status page for news.',
    statusPage: 'Status page',
    tryAgain: 'Try again',
    notAllowedTitle: 'Not allowed',
    notAllowedSubtitle: 'Page not allowed for your role in this company.',
    notFoundSubtitle: 'This page does not exist.',
    goHome: 'Go to home',
    goToPortal: 'Go to portal',
    switchCompany: 'Switch company',
    logOut: 'Log out',
    unexpected: 'Something went wrong. Please try again.',
    gatewayTimeout: 'Gateway Timeout error',
    noConnection: 'No connection',
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
    misdirected: 'This server does not serve this address',
    destinationNotAllowed: 'This destination is not allowed',
    invalidCharacters: 'The text contains characters that are not allowed',
    nestedTooDeeply: 'The data is nested too deeply',
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
  devices: devicesEn,
  agents: agentsEn,
  accessRequests: accessRequestsEn,
  jumpStart: jumpStartEn,
  reminders: remindersEn,
  auditTrail: auditTrailEn,
  vpn: vpnEn,
  vpnMobile: vpnMobileEn,
  signInBlock: signInBlockEn,
};

export type Resources = typeof en;
