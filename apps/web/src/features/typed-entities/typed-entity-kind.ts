import type { OrderedType, OrderedTypeKind } from '../ordered-types/ordered-type-kind.ts';

/** A thing that has an ordered type: a group or an asset. */
export type TypedEntity = { publicId: string; name: string };

/** What differs between the group and the asset list pages; everything else is shared. */
export type TypedEntityKind = {
  /** Item rel; the list rel is `<rel>List`. */
  rel: 'Group' | 'Asset';
  /** Where the feature keeps its texts. */
  texts: 'groups' | 'assets';
  /** The property that references the type, as the API names it (filtered on `<typeRef>.publicId`). */
  typeRef: 'groupType' | 'assetType';
  /** The types the page lists by, and whose drawer sits beside it. */
  typeKind: OrderedTypeKind;
  /** The element id the add/edit dialog is labelled by. */
  dialogTitleId: string;
  /** Group types have a colour, shown beside the title of a one-type page; asset types have none. */
  showTypeColor: boolean;
};

export function entityListRel(kind: TypedEntityKind) {
  return `${kind.rel}List` as const;
}

/** What the page hands its feature's table. */
export type TypedEntityTableProps<E> = {
  rows: E[];
  typeName: (name: string) => string;
  /** The type column is left out when the list shows one type only. */
  showType: boolean;
  onEdit: (entity: E) => void;
  onDelete: (entity: E) => void;
};

/** What the page hands its feature's add/edit dialog. */
export type TypedEntityDialogProps<E, Input> = {
  /** The thing being edited; none to add one. */
  entity: E | undefined;
  types: OrderedType[];
  typeName: (name: string) => string;
  /** The type a new one gets unless the user picks another. */
  defaultTypeId: string | undefined;
  /** Gets only what changed; rejects with the ApiError of a failed attempt. */
  onSubmit: (input: Input) => Promise<void>;
  onClose: () => void;
};
