/** The few legal texts the pages before login show (their footer); the rest load with the terms pages. */
export const legalEn = {
  termsOfUse: 'Terms of use',
  privacyStatement: 'Privacy statement',
  links: 'Legal',
};
