import type { UiLanguage } from '@fleetgate/contracts';
import { formatDay, serverTexts } from '../i18n/language.ts';
import type { Mail } from './mailer.ts';

export type Invitation = {
  to: string;
  companyName: string;
  roleName: string;
  inviterName: string;
  /** Where the invitee accepts: the my-companies page of this instance. */
  acceptUrl: string;
  expiresOn: Date;
  /** The invitee's language: their own, else the inviter's (see invite.service.ts). */
  language: UiLanguage;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The invitation e-mail in the invitee's language, as plain text and the same content in simple HTML. */
export function invitationMail(invitation: Invitation): Mail {
  const { companyName, roleName, inviterName, acceptUrl, language } = invitation;
  const texts = serverTexts(language).invitation;
  const intro = texts.intro({ inviterName, companyName, roleName });
  const validUntil = texts.validUntil({ date: formatDay(invitation.expiresOn, language) });
  const text = [intro, '', texts.accept, acceptUrl, '', validUntil].join('\n');
  const html = [
    `<p>${texts.intro({
      inviterName: escapeHtml(inviterName),
      companyName: `<strong>${escapeHtml(companyName)}</strong>`,
      roleName: escapeHtml(roleName),
    })}</p>`,
    `<p>${escapeHtml(texts.accept)}</p>`,
    `<p><a href="${escapeHtml(acceptUrl)}">${escapeHtml(acceptUrl)}</a></p>`,
    `<p>${escapeHtml(validUntil)}</p>`,
  ].join('\n');
  return { to: invitation.to, subject: texts.subject({ companyName }), text, html };
}
