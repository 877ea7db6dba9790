import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Asset } from '@fleetgate/contracts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { nameSchema } from '../../components/form/field-schemas.ts';
import type { OrderedType } from '../ordered-types/ordered-type-kind.ts';
import { applyTypeErrors } from '../ordered-types/type-errors.ts';
import type { AssetInput } from './use-assets.ts';

type AssetDialogProps = {
  /** The asset being edited; none to add one. */
  asset: Asset | undefined;
  types: OrderedType[];
  typeName: (name: string) => string;
  /** The type a new asset gets unless the user picks another. */
  defaultTypeId: string | undefined;
  /** Gets only what changed; rejects with the ApiError of a failed attempt. */
  onSubmit: (input: AssetInput) => Promise<void>;
  onClose: () => void;
};

type Values = { name: string; assetTypeId: string };

export function AssetDialog({ asset, types, typeName, defaultTypeId, onSubmit, onClose }: AssetDialogProps) {
  const { t } = useTranslation();
  const schema = useMemo(
    () => z.object({ name: nameSchema(t), assetTypeId: z.string().min(1, t('form.required')) }),
    [t],
  );
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isValid, isSubmitting, dirtyFields },
  } = useForm<Values>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: {
      name: asset?.name ?? '',
      assetTypeId: asset?.assetType.publicId ?? defaultTypeId ?? types[0]?.publicId ?? '',
    },
  });

  const handleValid = async (values: Values) => {
    const input: AssetInput = {};
    if (asset === undefined || dirtyFields.name) input.name = values.name.trim();
    if (asset === undefined || dirtyFields.assetTypeId) input.assetType = { publicId: values.assetTypeId };
    try {
      await onSubmit(input);
    } catch (error) {
      applyTypeErrors(error, setError, t, {
        name: 'name',
        assetType: 'assetTypeId',
        'assetType.publicId': 'assetTypeId',
      });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="asset-dialog-title">
      <form noValidate onSubmit={handleSubmit(handleValid)}>
        <DialogTitle id="asset-dialog-title">{t(asset ? 'assets.editTitle' : 'assets.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <FormAlert message={errors.root?.server?.message} />
            <FormTextField
              control={control}
              name="name"
              label={t('assets.name')}
              required
              autoFocus
              autoComplete="off"
            />
            <FormTextField control={control} name="assetTypeId" label={t('assets.type')} required select>
              {types.map((type) => (
                <MenuItem key={type.publicId} value={type.publicId}>
                  {typeName(type.name)}
                </MenuItem>
              ))}
            </FormTextField>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('assets.types.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!isDirty || !isValid} loading={isSubmitting}>
            {t(asset ? 'assets.types.save' : 'assets.types.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
