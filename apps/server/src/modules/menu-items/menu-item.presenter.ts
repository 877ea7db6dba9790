import type { MenuItem, MenuItemIcon } from '@fleetgate/contracts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import type { MenuItemView } from './menu-item.repository.ts';

export const menuItemFields: FieldSpec = {
  publicId: true,
  name: true,
  translationKey: true,
  url: true,
  icon: true,
  order: true,
  audience: { publicId: true, name: true },
};

export const menuItemFilters: FilterSpec = {
  publicId: { column: 'menu_items.public_id', type: 'string' },
  name: { column: 'menu_items.name', type: 'string' },
  translationKey: { column: 'menu_items.translation_key', type: 'string' },
  icon: { column: 'menu_items.icon', type: 'string' },
  order: { column: 'menu_items.sort_order', type: 'int' },
  'audience.publicId': { column: 'audiences.public_id', type: 'string' },
};

export function presentMenuItem(row: MenuItemView): MenuItem {
  return {
    publicId: row.public_id,
    name: row.name,
    translationKey: row.translation_key,
    url: row.url,
    icon: row.icon as MenuItemIcon,
    order: row.sort_order,
    audience:
      row.audience_public_id === null || row.audience_name === null
        ? null
        : { publicId: row.audience_public_id, name: row.audience_name },
  };
}
