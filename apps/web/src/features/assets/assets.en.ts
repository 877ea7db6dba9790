import { orderedTypeTexts } from '../ordered-types/ordered-types.en.ts';

// English texts of this feature, under the `assets` key of the translation resources.
export const assetsEn = {
  menu: 'Assets',
  title: 'Assets',
  subtitle: 'Assets are the machines and controllers your devices give access to.',
  typeSubtitle: 'Assets of type {{type}}.',
  add: 'Add asset',
  addTitle: 'Add asset',
  editTitle: 'Edit asset',
  deleteTitle: 'Delete asset “{{name}}”?',
  deleted: 'Asset “{{name}}” deleted',
  name: 'Name',
  type: 'Asset type',
  requestAccess: 'Request access to {{name}}',
  actions: 'Actions',
  edit: 'Edit {{name}}',
  delete: 'Delete {{name}}',
  empty: 'No assets yet.',
  emptySearch: 'No assets match “{{search}}”.',
  noTypes: 'Add an asset type in the menu first: every asset has a type.',
  loadMore: 'Load more',
  unknownType: 'This asset type does not exist (any more).',
  // Asset type names that are translation keys (see the contracts' translationKeyPattern).
  typeNames: { plc: 'PLC', hmi: 'HMI', drive: 'Drive', robot: 'Robot' },
  types: orderedTypeTexts({
    title: 'Asset types',
    empty: 'No asset types yet.',
    add: 'Add asset type',
    addTitle: 'Add asset type',
    editTitle: 'Edit asset type',
    deleteTitle: 'Delete asset type “{{name}}”?',
    deleted: 'Asset type “{{name}}” deleted',
    blockedTitle: 'Asset type in use',
    blockedBody:
      'Assets still use the asset type “{{name}}”, so it cannot be deleted. Give those assets another type or delete them first.',
    showUsers: 'Show its assets',
  }),
};
