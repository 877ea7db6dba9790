// English texts of the help centre panel, under the `helpCentre` key of the translation resources.
export const helpCentreEn = {
  title: 'Help centre',
  frameTitle: 'Help centre content',
  close: 'Close the help centre',
  openInNewTab: 'Open the help centre in a new tab',
  loading: 'Loading the help centre…',
  // The spec's wording (§8), spelling included.
  loadFailed: 'Unable to load help center',
  loadFailedHint: 'The help centre did not answer. Check your connection or try again later.',
  retry: 'Retry',
};
