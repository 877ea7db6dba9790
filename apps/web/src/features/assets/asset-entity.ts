import type { TypedEntityKind } from '../typed-entities/typed-entity-kind.ts';
import { assetTypeKind } from './asset-type-kind.ts';

export const assetEntity: TypedEntityKind = {
  rel: 'Asset',
  texts: 'assets',
  typeRef: 'assetType',
  typeKind: assetTypeKind,
  dialogTitleId: 'asset-dialog-title',
  showTypeColor: false,
};

export type AssetInput = { name?: string; assetType?: { publicId: string } };
