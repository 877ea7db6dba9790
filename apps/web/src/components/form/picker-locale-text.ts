import type { TFunction } from 'i18next';

const twoDigits = (value: string) => value.padStart(2, '0');

/**
 * The time picker's names for its options, with the two digits each option shows ("08 hours"
 * for "08"): the picker's own ("8 hours") would not contain the visible label, and speech input
 * that says what it sees would not find the option (WCAG 2.5.3, label in name).
 */
export function pickerLocaleText(t: TFunction) {
  return {
    hoursClockNumberText: (hours: string) => t('form.clockHours', { hours: twoDigits(hours) }),
    minutesClockNumberText: (minutes: string) => t('form.clockMinutes', { minutes: twoDigits(minutes) }),
    secondsClockNumberText: (seconds: string) => t('form.clockSeconds', { seconds: twoDigits(seconds) }),
  };
}
