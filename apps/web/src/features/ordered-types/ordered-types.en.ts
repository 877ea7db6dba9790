/** Texts every ordered-type drawer needs; each feature adds its own nouns under the same keys. */
const common = {
  name: 'Name',
  color: 'Colour',
  colorHint: 'A colour like #1e88e5',
  colorInvalid: 'Use a colour like #1e88e5',
  useColor: 'Use colour {{color}}',
  pickColor: 'Pick a colour',
  translatedName: 'This name is translated for every language and cannot be changed here.',
  moreActions: 'More actions for {{name}}',
  dragHandle: 'Drag to reorder {{name}}',
  edit: 'Edit',
  delete: 'Delete',
  cancel: 'Cancel',
  save: 'Save',
  create: 'Add',
  close: 'Close',
  deleteBody: 'This cannot be undone.',
  checkingUse: 'Checking whether {{name}} is in use',
  reorderFailed: 'The new order could not be saved: {{reason}}',
  dragStarted: 'Picked up {{name}}.',
  dragOver: '{{name}} is over position {{position}}.',
  dragEnd: '{{name}} was dropped at position {{position}}.',
  dragCancel: 'Reordering cancelled.',
  dragInstructions:
    'To reorder, press space or enter on the handle, use the arrow keys to move, and space or enter to drop. Escape cancels.',
  errors: {
    CANNOT_DELETE_LAST_GROUP_TYPE: 'The last group type cannot be deleted.',
    CANNOT_DELETE_LAST_ASSET_TYPE: 'The last asset type cannot be deleted.',
    CANNOT_DELETE_GROUP_TYPE: 'Groups still use this group type.',
    CANNOT_DELETE_ASSET_TYPE: 'Assets still use this asset type.',
    GROUP_HAS_SUBGROUPS: 'This group has subgroups. Delete or move them first.',
    GROUP_PARENT_CYCLE: 'A group cannot be placed under itself or one of its subgroups.',
  },
};

type Specific = {
  title: string;
  empty: string;
  add: string;
  addTitle: string;
  editTitle: string;
  deleteTitle: string;
  deleted: string;
  blockedTitle: string;
  blockedBody: string;
  showUsers: string;
};

export function orderedTypeTexts(specific: Specific) {
  return { ...common, ...specific };
}
