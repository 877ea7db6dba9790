import type { Capability } from '@fleetgate/contracts';

/** An ordered type as the drawer shows it: group types have a colour, asset types none. */
export type OrderedType = { publicId: string; name: string; order: number; color?: string };

/** What differs between the group-type and the asset-type drawer; everything else is shared. */
export type OrderedTypeKind = {
  /** Item rel; the list rel is `<rel>List`. */
  rel: 'GroupType' | 'AssetType';
  /** Where the feature keeps this drawer's texts. */
  texts: 'groups.types' | 'assets.types';
  /** Adding, editing, reordering and deleting need this right. */
  manageCapability: Capability;
  /** With this right the dialog shows a colour input, and a colour is required. */
  colorCapability?: Capability;
  /** The stable message of a refused delete while something uses the type. */
  inUseMessage: string;
  /** The fields the drawer reads (`GroupTypeList` is read with `color,name,order`). */
  fields: string;
  /**
   * The things that have a type (groups, assets): their list is refreshed when types change, and
   * listed filtered on the type's publicId before a delete is offered (spec §5).
   */
  users: { rel: 'GroupList' | 'AssetList'; filterField: string };
  /** The list of everything, and the list filtered by one type. */
  allPath: string;
  typePath: (publicId: string) => string;
};

export function listRel(kind: OrderedTypeKind) {
  return `${kind.rel}List`;
}

export function orderedTypesKey(kind: OrderedTypeKind) {
  return [listRel(kind)] as const;
}
