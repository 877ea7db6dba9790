import type { UiLanguage } from '@fleetgate/contracts';
import { serverTexts } from '../../i18n/language.ts';
import type { Mail } from '../../mail/mailer.ts';
import { linkMail } from '../account/registration-mail.ts';

/** The link that sets a new password, in the account's language. */
export function passwordRecoveryMail(
  to: string,
  link: string,
  validMinutes: number,
  language: UiLanguage,
): Mail {
  const texts = serverTexts(language).passwordRecovery;
  return linkMail(
    to,
    texts.subject,
    [texts.intro, texts.validFor({ minutes: validMinutes }), texts.notYou],
    link,
  );
}
