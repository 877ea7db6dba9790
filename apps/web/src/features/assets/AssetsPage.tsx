import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import type { Asset } from '@fleetgate/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useShellSearch } from '../../components/shell/use-shell-search.ts';
import { useNotify } from '../../components/notify.tsx';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog.tsx';
import { ListPageHeader } from '../ordered-types/ListPageHeader.tsx';
import { describeTypeError } from '../ordered-types/type-errors.ts';
import { useTypeName } from '../ordered-types/type-name.ts';
import { useOrderedTypes } from '../ordered-types/use-ordered-types.ts';
import { AssetDialog } from './AssetDialog.tsx';
import { AssetTable } from './AssetTable.tsx';
import { assetTypeKind } from './asset-type-kind.ts';
import { useAssets, useRemoveAsset, useSaveAsset, type AssetInput } from './use-assets.ts';

type Dialog = { name: 'add' } | { name: 'edit'; asset: Asset } | { name: 'delete'; asset: Asset };

/** `/assets` and `/assets/{publicId}`: the company's assets, all or of one asset type. */
export function AssetsPage() {
  const { t } = useTranslation();
  const { publicId: typeId } = useParams();
  const search = useShellSearch();
  const typeName = useTypeName();
  const { notify } = useNotify();
  const types = useOrderedTypes(assetTypeKind);
  const assets = useAssets(typeId, search);
  const save = useSaveAsset();
  const remove = useRemoveAsset();
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const typeList = types.data ?? [];
  const type = typeId ? typeList.find((item) => item.publicId === typeId) : undefined;
  const rows = assets.data?.pages.flatMap((page) => page.data) ?? [];
  const noTypes = types.isSuccess && typeList.length === 0;

  const handleClose = () => setDialog(null);
  const handleSave = (asset: Asset | undefined) => async (input: AssetInput) => {
    await save.mutateAsync({ publicId: asset?.publicId, input });
    setDialog(null);
  };
  const handleDelete = (asset: Asset) => {
    remove.mutate(asset.publicId, {
      onSuccess: () => notify(t('assets.deleted', { name: asset.name }), { durationMs: 3000 }),
      onError: (error) => notify(describeTypeError(t, error), { durationMs: 3000 }),
      onSettled: () => setDialog(null),
    });
  };

  const title = type ? typeName(type.name) : t('assets.title');
  const subtitle = type ? t('assets.typeSubtitle', { type: title }) : t('assets.subtitle');
  const emptyText = search ? t('assets.emptySearch', { search }) : t('assets.empty');

  return (
    <Box>
      <ListPageHeader
        title={title}
        subtitle={subtitle}
        action={
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setDialog({ name: 'add' })}
            disabled={!types.isSuccess || noTypes}
          >
            {t('assets.add')}
          </Button>
        }
      />
      {noTypes && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('assets.noTypes')}
        </Alert>
      )}
      {typeId && types.isSuccess && !type && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('assets.unknownType')}
        </Alert>
      )}
      {assets.isPending && <LinearProgress sx={{ mb: 2 }} />}
      {assets.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {describeTypeError(t, assets.error)}
        </Alert>
      )}
      {assets.isSuccess && rows.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">{emptyText}</Typography>
        </Paper>
      )}
      {rows.length > 0 && (
        <AssetTable
          assets={rows}
          typeName={typeName}
          showType={!typeId}
          onEdit={(asset) => setDialog({ name: 'edit', asset })}
          onDelete={(asset) => setDialog({ name: 'delete', asset })}
        />
      )}
      {assets.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button onClick={() => void assets.fetchNextPage()} loading={assets.isFetchingNextPage}>
            {t('assets.loadMore')}
          </Button>
        </Box>
      )}
      {(dialog?.name === 'add' || dialog?.name === 'edit') && (
        <AssetDialog
          asset={dialog.name === 'edit' ? dialog.asset : undefined}
          types={typeList}
          typeName={typeName}
          defaultTypeId={type?.publicId}
          onSubmit={handleSave(dialog.name === 'edit' ? dialog.asset : undefined)}
          onClose={handleClose}
        />
      )}
      {dialog?.name === 'delete' && (
        <ConfirmDeleteDialog
          title={t('assets.deleteTitle', { name: dialog.asset.name })}
          body={t('assets.types.deleteBody')}
          confirmLabel={t('assets.types.delete')}
          cancelLabel={t('assets.types.cancel')}
          busy={remove.isPending}
          onConfirm={() => handleDelete(dialog.asset)}
          onClose={handleClose}
        />
      )}
    </Box>
  );
}
