import type { Translated } from '../../app/locales/translated.ts';
import type { accessRequestsEn } from './access-requests.en.ts';

// German texts of this feature, under the `accessRequests` key of the translation resources.
export const accessRequestsDe: Translated<typeof accessRequestsEn> = {
  menu: 'Zugriffsanfragen',
  title: 'Zugriffsanfragen',
  subtitle: 'Entscheiden Sie über Anfragen für den Zugriff auf Geräte und verfolgen Sie Ihre eigenen',
  tabs: { toApprove: 'Zu genehmigen', mine: 'Meine Anfragen' },
  statusFilter: 'Status',
  status: {
    all: 'Alle',
    pending: 'Offen',
    approved: 'Genehmigt',
    rejected: 'Abgelehnt',
    revoked: 'Widerrufen',
  },
  empty: {
    toApprove: 'Keine Anfragen, über die Sie entscheiden müssen.',
    mine: 'Sie haben keine Zugriffsanfragen.',
  },
  loadFailed: 'Die Zugriffsanfragen konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  asset: 'Asset',
  requester: 'Angefragt von',
  access: 'Zugriff',
  vpn: 'VPN',
  period: 'Zeitraum',
  reason: 'Grund',
  approvers: 'Genehmigende',
  decidedBy: {
    approved: 'Genehmigt von',
    rejected: 'Abgelehnt von',
    revoked: 'Widerrufen von',
    pending: 'Genehmigende',
  },
  approve: 'Genehmigen',
  reject: 'Ablehnen',
  revoke: 'Widerrufen',
  revokeConfirm: {
    title: 'Zugriff von {{name}} widerrufen?',
    body: '{{name}} verliert sofort den Zugriff auf {{agent}}. Ist {{name}} per VPN damit verbunden, wird der Tunnel geschlossen.',
    connected:
      '{{name}} ist gerade per VPN mit {{agent}} verbunden. Durch den Widerruf wird der Tunnel sofort geschlossen, und {{name}} braucht eine neue Genehmigung, um sich wieder zu verbinden.',
    confirm: 'Widerrufen',
    cancel: 'Abbrechen',
  },
  done: {
    approve: 'Anfrage von {{name}} genehmigt',
    reject: 'Anfrage von {{name}} abgelehnt',
    revoke: 'Zugriff von {{name}} widerrufen',
  },
};
