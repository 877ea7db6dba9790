// English texts of this feature, under the `screensaver` key of the translation resources.
export const screensaverEn = {
  title: 'Display screensaver',
  intro:
    'The image this gateway’s display shows when idle. The agent fetches a new one within a few minutes.',
  current: 'Current screensaver of {{name}}',
  none: 'No screensaver set',
  loadFailed: 'The image could not be loaded.',
  upload: 'Upload image',
  replace: 'Replace image',
  remove: 'Remove',
  uploading: 'Uploading {{name}}',
  hint: 'PNG, JPEG or WebP, at most {{maxMb}} MB',
  problems: {
    type: 'Choose a PNG, JPEG or WebP image.',
    size: 'The image is larger than {{maxMb}} MB.',
    empty: 'The file is empty.',
    noDisplay: 'This agent has no display. Mark it as having one in its settings first.',
  },
  uploaded: 'Screensaver uploaded',
  removed: 'Screensaver removed',
  confirmRemove: {
    title: 'Remove the screensaver?',
    body: 'The display of {{name}} will show no screensaver once the agent next checks.',
    confirm: 'Remove',
    cancel: 'Cancel',
  },
  hasDisplay: 'Has a display',
  hasDisplayHint: 'The gateway shows the company’s screensaver on its display',
  displayChip: 'Display',
};
