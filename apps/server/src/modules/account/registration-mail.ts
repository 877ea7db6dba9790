import type { UiLanguage } from '@fleetgate/contracts';
import { serverTexts } from '../../i18n/language.ts';
import type { Mail } from '../../mail/mailer.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A mail of paragraphs with one link after the first (text and HTML alike). */
export function linkMail(to: string, subject: string, paragraphs: string[], link: string): Mail {
  const text = [...paragraphs.slice(0, 1), '', link, '', ...paragraphs.slice(1)].join('\n');
  const html = [
    `<p>${escapeHtml(paragraphs[0]!)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    ...paragraphs.slice(1).map((p) => `<p>${escapeHtml(p)}</p>`),
  ].join('\n');
  return { to, subject, text, html };
}

/** To a new address, in the language the registration was made in: the link that creates the account. */
export function confirmRegistrationMail(
  to: string,
  confirmUrl: string,
  validHours: number,
  language: UiLanguage,
): Mail {
  const texts = serverTexts(language).confirmRegistration;
  return linkMail(
    to,
    texts.subject,
    [texts.intro, texts.validFor({ hours: validHours }), texts.notYou],
    confirmUrl,
  );
}

/**
 * To an address that already has an account (the registration answer itself must not tell), in
 * the account's language.
 */
export function alreadyRegisteredMail(to: string, loginUrl: string, language: UiLanguage): Mail {
  const texts = serverTexts(language).alreadyRegistered;
  return linkMail(to, texts.subject, [texts.intro, texts.notYou], loginUrl);
}
