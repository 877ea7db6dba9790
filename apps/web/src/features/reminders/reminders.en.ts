// English texts of this feature, under the `reminders` key of the translation resources.
export const remindersEn = {
  menu: 'Reminders',
};
