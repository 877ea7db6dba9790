import type { ServerTexts } from './server-texts.en.ts';

/** The server's e-mails and inbox messages in German: the same shape as English. */
export const serverTextsDe: ServerTexts = {
  invitation: {
    subject: (p) => `Einladung zu ${p.companyName} auf Fleetgate`,
    intro: (p) =>
      `${p.inviterName} hat Sie eingeladen, ${p.companyName} auf Fleetgate als ${p.roleName} beizutreten.`,
    accept:
      'Nehmen Sie die Einladung auf Ihrer Unternehmensseite an oder lehnen Sie sie ab (melden Sie sich dazu zuerst mit dieser E-Mail-Adresse an oder erstellen Sie ein Konto):',
    validUntil: (p) => `Die Einladung ist gültig bis ${p.date}.`,
  },
  confirmRegistration: {
    subject: 'Bestätigen Sie Ihr Fleetgate-Konto',
    intro:
      'Öffnen Sie diesen Link, um Ihre E-Mail-Adresse zu bestätigen und Ihr Fleetgate-Konto zu erstellen:',
    validFor: (p) => `Der Link ist ${p.hours} Stunden gültig und funktioniert einmal.`,
    notYou:
      'Wenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail: Ohne Bestätigung wird kein Konto erstellt.',
  },
  alreadyRegistered: {
    subject: 'Jemand wollte sich mit Ihrer E-Mail-Adresse registrieren',
    intro:
      'Jemand wollte mit Ihrer E-Mail-Adresse ein Fleetgate-Konto erstellen, obwohl es dafür bereits eines gibt. Wenn Sie das waren, melden Sie sich mit Ihrem bisherigen Passwort an:',
    notYou:
      'Wenn Sie Ihr Passwort vergessen haben, wenden Sie sich an Ihren Administrator. Wenn Sie es nicht waren, ignorieren Sie diese E-Mail: Es wurde nichts geändert.',
  },
  messages: {
    invitation: {
      subject: (p) => `Einladung zu ${p.companyName}`,
      body: (p) =>
        `${p.inviterName} hat Sie eingeladen, ${p.companyName} als ${p.roleName} beizutreten. Nehmen Sie die Einladung auf Ihrer Unternehmensseite an oder lehnen Sie sie ab (Unternehmen wechseln).`,
    },
    inviteAccepted: {
      subject: (p) => `${p.userName} ist ${p.companyName} beigetreten`,
      body: (p) =>
        `${p.userName} (${p.emailAddress}) hat Ihre Einladung angenommen und ist ${p.companyName} als ${p.roleName} beigetreten.`,
    },
    accessRequested: {
      subject: (p) => `Zugriffsanfrage für ${p.agentName}`,
      body: (p) =>
        `${p.requesterName} fragt ${p.scope} auf ${p.agentName} ${p.period} an. Grund: ${p.reason}. Genehmigen oder ablehnen können Sie die Anfrage unter Zugriffsanfragen.`,
    },
    accessDecided: {
      subject: {
        approved: 'Zugriffsanfrage genehmigt',
        rejected: 'Zugriffsanfrage abgelehnt',
        revoked: 'Zugriffsanfrage widerrufen',
      },
      body: {
        approved: (p) =>
          `${p.approverName} hat Ihre Anfrage für ${p.scope} auf ${p.agentName} ${p.period} genehmigt.`,
        rejected: (p) =>
          `${p.approverName} hat Ihre Anfrage für ${p.scope} auf ${p.agentName} ${p.period} abgelehnt.`,
        revoked: (p) =>
          `${p.approverName} hat Ihre Anfrage für ${p.scope} auf ${p.agentName} ${p.period} widerrufen.`,
      },
    },
    scope: {
      vpn: 'VPN-Zugriff',
      vpnAnd: (p) => `VPN-Zugriff und ${p.services}`,
    },
    period: (p) => `vom ${p.start} bis ${p.end}`,
  },
};
