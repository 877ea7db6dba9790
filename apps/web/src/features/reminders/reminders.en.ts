// English texts of this feature, under the `reminders` key of the translation resources.
export const remindersEn = {
  menu: 'Reminders',
  region: 'Reminders',
  mute: 'Mute',
  // Markup: the device's name in bold.
  accessExpiry: 'Your access to **{{agent}}** ends at {{time}}',
  // Markup: the company's (and group's) name in bold.
  temporaryAccess: 'Your access to **{{company}}** ends on {{date}}',
  temporaryGroupAccess: 'Your access to the group **{{group}}** in **{{company}}** ends on {{date}}',
};
