import type { Asset } from '@fleetgate/contracts';
import { useTranslation } from 'react-i18next';
import { EntityName, TypedEntityTable, type TypedEntityColumn } from '../typed-entities/TypedEntityTable.tsx';
import type { TypedEntityTableProps } from '../typed-entities/typed-entity-kind.ts';
import { assetEntity } from './asset-entity.ts';

export function AssetTable({ rows, typeName, showType, onEdit, onDelete }: TypedEntityTableProps<Asset>) {
  const { t } = useTranslation();
  const typeColumn: TypedEntityColumn<Asset> = {
    id: 'type',
    header: t('assets.type'),
    cell: (asset) => typeName(asset.assetType.name),
  };
  return (
    <TypedEntityTable
      kind={assetEntity}
      rows={rows}
      columns={showType ? [typeColumn] : []}
      nameCell={(asset) => <EntityName name={asset.name} />}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  );
}
