import type { Translated } from '../../app/locales/translated.ts';
import type { remindersEn } from './reminders.en.ts';

// German texts of this feature, under the `reminders` key of the translation resources.
export const remindersDe: Translated<typeof remindersEn> = {
  menu: 'Erinnerungen',
  region: 'Erinnerungen',
  mute: 'Stummschalten',
  // Markup: the device's name in bold.
  accessExpiry: 'Ihr Zugriff auf **{{agent}}** endet um {{time}}',
  // Markup: the company's (and group's) name in bold.
  temporaryAccess: 'Ihr Zugriff auf **{{company}}** endet am {{date}}',
  temporaryGroupAccess: 'Ihr Zugriff auf die Gruppe **{{group}}** in **{{company}}** endet am {{date}}',
};
