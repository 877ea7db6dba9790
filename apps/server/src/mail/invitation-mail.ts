import type { Mail } from './mailer.ts';

export type Invitation = {
  to: string;
  companyName: string;
  roleName: string;
  inviterName: string;
  /** Where the invitee accepts: the my-companies page of this instance. */
  acceptUrl: string;
  expiresOn: Date;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The invitation e-mail, as plain text and the same content in simple HTML. */
export function invitationMail(invitation: Invitation): Mail {
  const { companyName, roleName, inviterName, acceptUrl } = invitation;
  const expires = invitation.expiresOn.toISOString().slice(0, 10);
  const text = [
    `${inviterName} invited you to join ${companyName} on Fleetgate as ${roleName}.`,
    '',
    `Accept or reject the invitation on your companies page (log in or create an account with this e-mail address first):`,
    acceptUrl,
    '',
    `The invitation is valid until ${expires}.`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(inviterName)} invited you to join <strong>${escapeHtml(companyName)}</strong> on Fleetgate as ${escapeHtml(roleName)}.</p>`,
    `<p>Accept or reject the invitation on your companies page (log in or create an account with this e-mail address first):</p>`,
    `<p><a href="${escapeHtml(acceptUrl)}">${escapeHtml(acceptUrl)}</a></p>`,
    `<p>The invitation is valid until ${expires}.</p>`,
  ].join('\n');
  return { to: invitation.to, subject: `Invitation to join ${companyName} on Fleetgate`, text, html };
}
