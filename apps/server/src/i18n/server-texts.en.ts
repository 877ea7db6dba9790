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
