import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Asset } from '@fleetgate/contracts';
import { nameSchema } from '../../components/form/field-schemas.ts';
import { TypedEntityDialog } from '../typed-entities/TypedEntityDialog.tsx';
import type { TypedEntityDialogProps } from '../typed-entities/typed-entity-kind.ts';
import { useTypedEntityForm } from '../typed-entities/use-typed-entity-form.ts';
import { assetEntity, type AssetInput } from './asset-entity.ts';

type Values = { name: string; assetTypeId: string };

export function AssetDialog({ entity: asset, ...props }: TypedEntityDialogProps<Asset, AssetInput>) {
  const { t } = useTranslation();
  const schema = useMemo(
    () => z.object({ name: nameSchema(t), assetTypeId: z.string().min(1, t('form.required')) }),
    [t],
  );
  const form = useTypedEntityForm<Values>(schema, {
    name: asset?.name ?? '',
    assetTypeId: asset?.assetType.publicId ?? props.defaultTypeId ?? props.types[0]?.publicId ?? '',
  });

  const toInput = (values: Values, changed: (field: keyof Values) => boolean) => {
    const input: AssetInput = {};
    if (changed('name')) input.name = values.name.trim();
    if (changed('assetTypeId')) input.assetType = { publicId: values.assetTypeId };
    return input;
  };

  return (
    <TypedEntityDialog
      {...props}
      kind={assetEntity}
      editing={asset !== undefined}
      form={form}
      typeField="assetTypeId"
      toInput={toInput}
    />
  );
}
