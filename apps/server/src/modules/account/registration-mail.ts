import type { Mail } from '../../mail/mailer.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function mail(to: string, subject: string, paragraphs: string[], link: string): Mail {
  const text = [...paragraphs.slice(0, 1), '', link, '', ...paragraphs.slice(1)].join('\n');
  const html = [
    `<p>${escapeHtml(paragraphs[0]!)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    ...paragraphs.slice(1).map((p) => `<p>${escapeHtml(p)}</p>`),
  ].join('\n');
  return { to, subject, text, html };
}

/** To a new address: the link that creates the account. */
export function confirmRegistrationMail(to: string, confirmUrl: string, validHours: number): Mail {
  return mail(
    to,
    'Confirm your Fleetgate account',
    [
      'Open this link to confirm your e-mail address and create your Fleetgate account:',
      `The link is valid for ${validHours} hours and works once.`,
      'If you did not register, ignore this e-mail: no account is created without it.',
    ],
    confirmUrl,
  );
}

/** To an address that already has an account: the registration answer itself must not tell. */
export function alreadyRegisteredMail(to: string, loginUrl: string): Mail {
  return mail(
    to,
    'Someone tried to register with your e-mail address',
    [
      'Someone tried to create a Fleetgate account with your e-mail address, which already has one. If it was you, sign in with your existing password:',
      'If you forgot your password, ask your administrator. If it was not you, ignore this e-mail: nothing was changed.',
    ],
    loginUrl,
  );
}
