// English texts of this feature, under the `reminders` key of the translation resources.
export const remindersEn = {
  menu: 'Reminders',
  region: 'Reminders',
  mute: 'Mute',
  // Markup: the device's name in bold.
  accessExpiry: 'Your access to **{{agent}}** ends at {{time}}',
};
