// English texts of the code step of signing in (`/two-factor-auth`), under `twoFactorAuth`.
export const twoFactorAuthEn = {
  useRecoveryCode: 'Use a recovery code',
  recoveryCodeLabel: 'Recovery code',
  recoveryHint: 'Enter one of the recovery codes you saved for {{email}}. Each code works once.',
  recoveryCodeInvalid: 'A recovery code looks like abcde-fghij.',
  trustDevice: 'Trust this browser for 30 days',
  passkeyHint: 'Confirm the sign-in for {{email}} with your passkey.',
};
