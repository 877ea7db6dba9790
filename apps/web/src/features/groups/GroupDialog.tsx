import { useMemo } from 'react';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { colorPattern, type Group } from '@fleetgate/contracts';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { nameSchema } from '../../components/form/field-schemas.ts';
import { ColorField } from '../ordered-types/ColorField.tsx';
import { TypedEntityDialog } from '../typed-entities/TypedEntityDialog.tsx';
import type { TypedEntityDialogProps } from '../typed-entities/typed-entity-kind.ts';
import { useTypedEntityForm } from '../typed-entities/use-typed-entity-form.ts';
import { groupEntity, type GroupInput } from './group-entity.ts';
import { parentOptions } from './parent-options.ts';

type GroupDialogProps = TypedEntityDialogProps<Group, GroupInput> & {
  /** Every group, to choose a parent from; undefined without the subgroups right. */
  groups: Group[] | undefined;
};

type Values = { name: string; groupTypeId: string; parentId: string; color: string };

export function GroupDialog({ entity: group, groups, ...props }: GroupDialogProps) {
  const { t } = useTranslation();
  const withParent = groups !== undefined;
  const schema = useMemo(() => {
    const color = z.string().trim().regex(colorPattern, t('groups.types.colorInvalid'));
    return z.object({
      name: nameSchema(t),
      groupTypeId: z.string().min(1, t('form.required')),
      parentId: z.string(),
      // A new group without a colour gets a generated one; an existing group keeps one.
      color: group ? color : z.union([z.literal(''), color]),
    });
  }, [t, group]);
  const form = useTypedEntityForm<Values>(schema, {
    name: group?.name ?? '',
    groupTypeId: group?.groupType.publicId ?? props.defaultTypeId ?? props.types[0]?.publicId ?? '',
    parentId: group?.parent?.publicId ?? '',
    color: group?.color ?? '',
  });
  const parents = useMemo(() => parentOptions(groups ?? [], group?.publicId), [groups, group]);

  const toInput = (values: Values, changed: (field: keyof Values) => boolean) => {
    const input: GroupInput = {};
    if (changed('name')) input.name = values.name.trim();
    if (changed('groupTypeId')) input.groupType = { publicId: values.groupTypeId };
    if (withParent && changed('parentId') && (group || values.parentId))
      input.parent = values.parentId ? { publicId: values.parentId } : null;
    if (changed('color') && values.color.trim()) input.color = values.color.trim().toLowerCase();
    return input;
  };

  return (
    <TypedEntityDialog
      {...props}
      kind={groupEntity}
      editing={group !== undefined}
      form={form}
      typeField="groupTypeId"
      errorFields={{ color: 'color', parent: 'parentId', 'parent.publicId': 'parentId' }}
      toInput={toInput}
    >
      {withParent && (
        <FormTextField control={form.control} name="parentId" label={t('groups.parent')} select>
          <MenuItem value="">
            <em>{t('groups.noParent')}</em>
          </MenuItem>
          {parents.map((parent) => (
            <MenuItem key={parent.publicId} value={parent.publicId}>
              {parent.name}
            </MenuItem>
          ))}
        </FormTextField>
      )}
      <ColorField
        control={form.control}
        name="color"
        label={t('groups.color')}
        helperText={group ? undefined : t('groups.colorGenerated')}
        required={group !== undefined}
      />
    </TypedEntityDialog>
  );
}
