import type { TypedEntityKind } from '../typed-entities/typed-entity-kind.ts';
import { groupTypeKind } from './group-type-kind.ts';

export const groupEntity: TypedEntityKind = {
  rel: 'Group',
  texts: 'groups',
  typeRef: 'groupType',
  typeKind: groupTypeKind,
  dialogTitleId: 'group-dialog-title',
  showTypeColor: true,
};

export type GroupInput = {
  name?: string;
  groupType?: { publicId: string };
  parent?: { publicId: string } | null;
  color?: string;
};
