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
  emailChange: {
    subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse für Fleetgate',
    intro: 'Öffnen Sie diesen Link, um diese Adresse zur E-Mail-Adresse Ihres Fleetgate-Kontos zu machen:',
    validFor: (p: { hours: number }) =>
      `Der Link ist ${p.hours} Stunden lang gültig und funktioniert einmal.`,
    notYou: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ohne sie ändert sich nichts.',
  },
  emailChangeTaken: {
    subject: 'Jemand wollte ein Fleetgate-Konto auf Ihre E-Mail-Adresse umstellen',
    intro:
      'Jemand wollte Ihre E-Mail-Adresse für ein Fleetgate-Konto verwenden, sie gehört aber schon zu einem Konto. Ihr Konto ist unverändert; hier melden Sie sich an:',
    notYou: 'Wenn Sie es nicht waren, ignorieren Sie diese E-Mail: Es wurde nichts geändert.',
  },
  emailChangeNotice: {
    subject: 'Die E-Mail-Adresse Ihres Fleetgate-Kontos wird geändert',
    intro: (p: { newAddress: string }) =>
      `Jemand, der in Ihrem Fleetgate-Konto angemeldet ist, möchte dessen E-Mail-Adresse in ${p.newAddress} ändern. Sie ändert sich, sobald der dorthin gesendete Link geöffnet wird. Hier prüfen Sie Ihr Konto:`,
    notYou:
      'Wenn Sie das nicht waren, melden Sie sich an, ändern Sie sofort Ihr Passwort (das beendet alle anderen Sitzungen) und informieren Sie Ihren Administrator.',
  },
  passwordRecovery: {
    subject: 'Neues Fleetgate-Passwort festlegen',
    intro: 'Öffnen Sie diesen Link, um ein neues Passwort für Ihr Fleetgate-Konto festzulegen:',
    validFor: (p: { minutes: number }) =>
      `Der Link ist ${p.minutes} Minuten lang gültig und funktioniert einmal. Ein neues Passwort meldet Sie überall ab.`,
    notYou:
      'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt, wie es ist.',
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
