// English texts of password recovery (`/recover`), under the `passwordRecovery` key.
export const passwordRecoveryEn = {
  request: {
    title: 'Forgot your password?',
    subtitle: 'Enter the e-mail address of your account. We send you a link to set a new password.',
    email: 'E-mail address',
    submit: 'Send link',
    sentTitle: 'Check your inbox',
    sent: 'If an account exists for {{email}}, we sent a link to it. The link is valid for one hour.',
  },
  reset: {
    title: 'Set a new password',
    subtitle: 'Setting a new password signs you out on every device. Two-factor sign-in stays on.',
    newPassword: 'New password',
    newPasswordHint: 'At least {{min}} characters.',
    repeatPassword: 'Repeat the new password',
    mismatch: 'The passwords do not match',
    submit: 'Set new password',
    doneTitle: 'Password changed',
    done: 'Log in with your new password.',
    requestAgain: 'Ask for a new link',
  },
  backToLogin: 'Back to log in',
  loginLink: 'Log in',
};
