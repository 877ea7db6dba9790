/**
 * Every text the server writes for people in English: e-mails and inbox messages. The German
 * texts (server-texts.de.ts) have the same shape, so a missing one fails the typecheck.
 * Dates come formatted for the language (see `formatDay`, `formatMoment` in language.ts).
 */
export const serverTextsEn = {
  invitation: {
    subject: (p: { companyName: string }) => `Invitation to join ${p.companyName} on Fleetgate`,
    intro: (p: { inviterName: string; companyName: string; roleName: string }) =>
      `${p.inviterName} invited you to join ${p.companyName} on Fleetgate as ${p.roleName}.`,
    accept:
      'Accept or reject the invitation on your companies page (log in or create an account with this e-mail address first):',
    validUntil: (p: { date: string }) => `The invitation is valid until ${p.date}.`,
  },
  confirmRegistration: {
    subject: 'Confirm your Fleetgate account',
    intro: 'Open this link to confirm your e-mail address and create your Fleetgate account:',
    validFor: (p: { hours: number }) => `The link is valid for ${p.hours} hours and works once.`,
    notYou: 'If you did not register, ignore this e-mail: no account is created without it.',
  },
  alreadyRegistered: {
    subject: 'Someone tried to register with your e-mail address',
    intro:
      'Someone tried to create a Fleetgate account with your e-mail address, which already has one. If it was you, sign in with your existing password:',
    notYou:
      'If you forgot your password, ask your administrator. If it was not you, ignore this e-mail: nothing was changed.',
  },
  emailChange: {
    subject: 'Confirm your new e-mail address for Fleetgate',
    intro: 'Open this link to make this the e-mail address of your Fleetgate account:',
    validFor: (p: { hours: number }) => `The link is valid for ${p.hours} hours and works once.`,
    notYou: 'If you did not ask for this, ignore this e-mail: nothing changes without it.',
  },
  emailChangeTaken: {
    subject: 'Someone tried to move a Fleetgate account to your e-mail address',
    intro:
      'Someone asked to use your e-mail address for a Fleetgate account, but it already belongs to an account. Your account is unchanged; sign in here:',
    notYou: 'If it was not you, ignore this e-mail: nothing was changed.',
  },
  emailChangeNotice: {
    subject: 'Your Fleetgate e-mail address is being changed',
    intro: (p: { newAddress: string }) =>
      `Someone signed in to your Fleetgate account asked to change its e-mail address to ${p.newAddress}. It changes once the link sent there is opened. Review your account here:`,
    notYou:
      'If this was not you, sign in, change your password at once (this ends every other session) and tell your administrator.',
  },
  passwordRecovery: {
    subject: 'Set a new Fleetgate password',
    intro: 'Open this link to set a new password for your Fleetgate account:',
    validFor: (p: { minutes: number }) =>
      `The link is valid for ${p.minutes} minutes and works once. Setting a new password signs you out everywhere.`,
    notYou: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
  messages: {
    invitation: {
      subject: (p: { companyName: string }) => `Invitation to join ${p.companyName}`,
      body: (p: { inviterName: string; companyName: string; roleName: string }) =>
        `${p.inviterName} invited you to join ${p.companyName} as ${p.roleName}. Accept or reject the invitation on your companies page (Switch company).`,
    },
    inviteAccepted: {
      subject: (p: { userName: string; companyName: string }) => `${p.userName} joined ${p.companyName}`,
      body: (p: { userName: string; emailAddress: string; companyName: string; roleName: string }) =>
        `${p.userName} (${p.emailAddress}) accepted your invitation and joined ${p.companyName} as ${p.roleName}.`,
    },
    accessRequested: {
      subject: (p: { agentName: string }) => `Access request for ${p.agentName}`,
      body: (p: {
        requesterName: string;
        scope: string;
        agentName: string;
        period: string;
        reason: string;
      }) =>
        `${p.requesterName} requests ${p.scope} on ${p.agentName} ${p.period}. Reason: ${p.reason}. Approve or reject it under Access requests.`,
    },
    accessDecided: {
      subject: {
        approved: 'Access request approved',
        rejected: 'Access request rejected',
        revoked: 'Access request revoked',
      },
      body: {
        approved: (p: { approverName: string; scope: string; agentName: string; period: string }) =>
          `${p.approverName} approved your request for ${p.scope} on ${p.agentName} ${p.period}.`,
        rejected: (p: { approverName: string; scope: string; agentName: string; period: string }) =>
          `${p.approverName} rejected your request for ${p.scope} on ${p.agentName} ${p.period}.`,
        revoked: (p: { approverName: string; scope: string; agentName: string; period: string }) =>
          `${p.approverName} revoked your request for ${p.scope} on ${p.agentName} ${p.period}.`,
      },
    },
    /** What a request covers: VPN, services, or both. */
    scope: {
      vpn: 'VPN access',
      vpnAnd: (p: { services: string }) => `VPN access and ${p.services}`,
    },
    period: (p: { start: string; end: string }) => `from ${p.start} to ${p.end}`,
  },
};

export type ServerTexts = typeof serverTextsEn;
