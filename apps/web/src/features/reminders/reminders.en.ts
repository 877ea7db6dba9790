// English texts of this feature, under the `reminders` key of the translation resources.
export const remindersEn = {
  menu: 'Reminders',
  region: 'Reminders',
  mute: 'Mute',
  accessExpiry: 'Your access to {{agent}} ends at {{time}}',
};
