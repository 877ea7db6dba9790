// English texts of this feature, under the `jumpStart` key of the translation resources.
export const jumpStartEn = {
  menu: 'Jump-start',
  expiredTitle: 'Link not valid',
  expired: 'This link has expired or was already used.',
  missingTitle: 'Link incomplete',
  missing:
    'This link has no sign-in token. Copy the whole jump-start link again, or create a new one where you are signed in.',
  failedTitle: 'Could not sign you in',
  logIn: 'Log in',
  copyLink: 'Copy jump-start link',
  dialogTitle: 'Jump-start link',
  dialogIntro:
    'Open this link in another browser or device to continue here, signed in as you. It works once, within one minute.',
  link: 'Link',
  copy: 'Copy',
  copied: 'Link copied',
  copyFailed: 'Copying failed; select the link and copy it yourself',
  validUntil: 'Valid until {{time}}',
  failed: 'The link could not be created.',
  close: 'Close',
};
