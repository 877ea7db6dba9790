// English texts of this feature, under the `accessRequests` key of the translation resources.
export const accessRequestsEn = {
  menu: 'Access requests',
  title: 'Access requests',
  subtitle: 'Decide requests for access to devices, and follow your own',
  tabs: { toApprove: 'To approve', mine: 'My requests' },
  statusFilter: 'Status',
  status: {
    all: 'All',
    pending: 'Pending',
    approved: 'Approved',
    rejected: 'Rejected',
    revoked: 'Revoked',
  },
  empty: {
    toApprove: 'No requests for you to decide.',
    mine: 'You have no access requests.',
  },
  loadFailed: 'The access requests could not be loaded.',
  retry: 'Try again',
  requester: 'Requested by',
  access: 'Access',
  vpn: 'VPN',
  period: 'When',
  reason: 'Reason',
  approvers: 'Approvers',
  decidedBy: {
    approved: 'Approved by',
    rejected: 'Rejected by',
    revoked: 'Revoked by',
    pending: 'Approvers',
  },
  approve: 'Approve',
  reject: 'Reject',
  revoke: 'Revoke',
  revokeConfirm: {
    title: 'Revoke the access of {{name}}?',
    body: '{{name}} loses access to {{agent}} at once. If {{name}} is connected to it by VPN, the tunnel closes.',
    connected:
      '{{name}} is connected to {{agent}} by VPN now. Revoking closes the tunnel at once, and {{name}} will need a new approval to connect again.',
    confirm: 'Revoke',
    cancel: 'Cancel',
  },
  done: {
    approve: 'Request of {{name}} approved',
    reject: 'Request of {{name}} rejected',
    revoke: 'Access of {{name}} revoked',
  },
};
