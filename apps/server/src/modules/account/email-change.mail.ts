import type { UiLanguage } from '@fleetgate/contracts';
import { serverTexts } from '../../i18n/language.ts';
import type { Mail } from '../../mail/mailer.ts';
import { linkMail } from './registration-mail.ts';

/** To the new address: the link that makes it the account's address. */
export function confirmEmailChangeMail(
  to: string,
  link: string,
  validHours: number,
  language: UiLanguage,
): Mail {
  const texts = serverTexts(language).emailChange;
  return linkMail(
    to,
    texts.subject,
    [texts.intro, texts.validFor({ hours: validHours }), texts.notYou],
    link,
  );
}

/** To a new address that already has an account: the answer to the requester does not tell. */
export function emailChangeTakenMail(to: string, loginUrl: string, language: UiLanguage): Mail {
  const texts = serverTexts(language).emailChangeTaken;
  return linkMail(to, texts.subject, [texts.intro, texts.notYou], loginUrl);
}

/** To the old address, so a stolen session cannot move the account away unnoticed. */
export function emailChangeNoticeMail(
  to: string,
  newAddress: string,
  profileUrl: string,
  language: UiLanguage,
): Mail {
  const texts = serverTexts(language).emailChangeNotice;
  return linkMail(to, texts.subject, [texts.intro({ newAddress }), texts.notYou], profileUrl);
}
