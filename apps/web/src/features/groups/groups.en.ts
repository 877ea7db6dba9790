import { orderedTypeTexts } from '../ordered-types/ordered-types.en.ts';

// English texts of this feature, under the `groups` key of the translation resources.
export const groupsEn = {
  menu: 'Groups',
  title: 'Groups',
  subtitle: 'Groups organise your devices, for example by site and production line.',
  typeSubtitle: 'Groups of type {{type}}.',
  add: 'Add group',
  addTitle: 'Add group',
  editTitle: 'Edit group',
  deleteTitle: 'Delete group “{{name}}”?',
  deleted: 'Group “{{name}}” deleted',
  name: 'Name',
  type: 'Group type',
  parent: 'Parent group',
  noParent: 'None (top level)',
  color: 'Colour',
  colorGenerated: 'Leave empty to get a generated colour',
  actions: 'Actions',
  edit: 'Edit {{name}}',
  delete: 'Delete {{name}}',
  empty: 'No groups yet.',
  emptySearch: 'No groups match “{{search}}”.',
  noTypes: 'Add a group type in the menu first: every group has a type.',
  loadMore: 'Load more',
  unknownType: 'This group type does not exist (any more).',
  // Group type names that are translation keys (see the contracts' translationKeyPattern).
  typeNames: { site: 'Site', line: 'Line', area: 'Area', machine: 'Machine' },
  types: orderedTypeTexts({
    title: 'Group types',
    empty: 'No group types yet.',
    add: 'Add group type',
    addTitle: 'Add group type',
    editTitle: 'Edit group type',
    deleteTitle: 'Delete group type “{{name}}”?',
    deleted: 'Group type “{{name}}” deleted',
    blockedTitle: 'Group type in use',
    blockedBody:
      'Groups still use the group type “{{name}}”, so it cannot be deleted. Give those groups another type or delete them first.',
    showUsers: 'Show its groups',
  }),
};
