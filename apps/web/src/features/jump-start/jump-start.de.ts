import type { Translated } from '../../app/locales/translated.ts';
import type { jumpStartEn } from './jump-start.en.ts';

// German texts of this feature, under the `jumpStart` key of the translation resources.
export const jumpStartDe: Translated<typeof jumpStartEn> = {
  menu: 'Jump-Start',
  expiredTitle: 'Link ungültig',
  expired: 'Dieser Link ist abgelaufen oder wurde bereits verwendet.',
  missingTitle: 'Link unvollständig',
  missing:
    'Dieser Link enthält kein Anmelde-Token. Kopieren Sie den vollständigen Jump-Start-Link erneut oder erstellen Sie dort, wo Sie angemeldet sind, einen neuen.',
  failedTitle: 'Anmeldung nicht möglich',
  logIn: 'Anmelden',
  copyLink: 'Jump-Start-Link kopieren',
  dialogTitle: 'Jump-Start-Link',
  dialogIntro:
    'Öffnen Sie diesen Link in einem anderen Browser oder auf einem anderen Gerät, um dort angemeldet weiterzuarbeiten. Er funktioniert einmal, innerhalb einer Minute.',
  link: 'Link',
  copy: 'Kopieren',
  copied: 'Link kopiert',
  copyFailed: 'Kopieren fehlgeschlagen; markieren Sie den Link und kopieren Sie ihn selbst',
  validUntil: 'Gültig bis {{time}}',
  failed: 'Der Link konnte nicht erstellt werden.',
  close: 'Schließen',
};
