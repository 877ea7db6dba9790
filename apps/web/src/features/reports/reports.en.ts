// English texts of this feature, under the `reports` key of the translation resources.
export const reportsEn = {
  title: 'Reports',
  intro:
    'PDF reports of this device’s report pages for a period. You are told in your inbox when one is ready.',
  queueButton: 'Queue report',
  none: 'You have not queued a report for this device yet.',
  listLabel: 'Your reports of this device',
  download: 'Download',
  queued: 'Report queued',
  period: '{{start}} – {{end}} ({{timeZone}})',
  progress: '{{progress}} % done',
  states: { queued: 'Queued', running: 'Running', done: 'Done', failed: 'Failed' },
  periods: {
    lastHour: 'Last hour',
    today: 'Today',
    yesterday: 'Yesterday',
    last7Days: 'Last 7 days',
    custom: 'Custom period',
  },
  queue: {
    title: 'Queue report',
    page: 'Report page',
    noPages: 'This device has no published page yet.',
    period: 'Period',
    start: 'Start',
    end: 'End',
    endAfterStart: 'The end must be after the start.',
    timeZone: 'Times are shown in {{timeZone}}.',
    cancel: 'Cancel',
    submit: 'Queue',
  },
};
