import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import type { Asset } from '@fleetgate/contracts';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../app/lazy-part.tsx';
import { useCurrentUser } from '../../auth/current-user.tsx';
import { EntityName, TypedEntityTable, type TypedEntityColumn } from '../typed-entities/TypedEntityTable.tsx';
import type { TypedEntityTableProps } from '../typed-entities/typed-entity-kind.ts';
import { assetEntity } from './asset-entity.ts';

const AssetRequestAccessDialog = lazyPart(
  () => import('./AssetRequestAccessDialog.tsx'),
  'AssetRequestAccessDialog',
  null,
);

export function AssetTable({ rows, typeName, showType, onEdit, onDelete }: TypedEntityTableProps<Asset>) {
  const { t } = useTranslation();
  const mayRequest = useCurrentUser().capabilities.includes('accessRequests.use');
  const [requesting, setRequesting] = useState<Asset | null>(null);
  const typeColumn: TypedEntityColumn<Asset> = {
    id: 'type',
    header: t('assets.type'),
    cell: (asset) => typeName(asset.assetType.name),
  };
  // "Request access" sits beside the name: the table's own actions are edit and delete.
  const nameCell = (asset: Asset) => (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <EntityName name={asset.name} />
      {mayRequest && (
        <Tooltip title={t('assets.requestAccess', { name: asset.name })}>
          <IconButton
            size="small"
            aria-label={t('assets.requestAccess', { name: asset.name })}
            onClick={() => setRequesting(asset)}
          >
            <VpnKeyOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
  return (
    <>
      <TypedEntityTable
        kind={assetEntity}
        rows={rows}
        columns={showType ? [typeColumn] : []}
        nameCell={nameCell}
        onEdit={onEdit}
        onDelete={onDelete}
      />
      {requesting && (
        <AssetRequestAccessDialog assetPublicId={requesting.publicId} onClose={() => setRequesting(null)} />
      )}
    </>
  );
}
