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
import { colorPattern, type Group } from '@fleetgate/contracts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { nameSchema } from '../../components/form/field-schemas.ts';
import { ColorField } from '../ordered-types/ColorField.tsx';
import type { OrderedType } from '../ordered-types/ordered-type-kind.ts';
import { applyTypeErrors } from '../ordered-types/type-errors.ts';
import { parentOptions } from './parent-options.ts';
import type { GroupInput } from './use-groups.ts';

type GroupDialogProps = {
  /** The group being edited; none to add one. */
  group: Group | undefined;
  types: OrderedType[];
  typeName: (name: string) => string;
  /** The type a new group gets unless the user picks another. */
  defaultTypeId: string | undefined;
  /** Every group, to choose a parent from; undefined without the subgroups right. */
  groups: Group[] | undefined;
  /** Gets only what changed; rejects with the ApiError of a failed attempt. */
  onSubmit: (input: GroupInput) => Promise<void>;
  onClose: () => void;
};

type Values = { name: string; groupTypeId: string; parentId: string; color: string };

export function GroupDialog({
  group,
  types,
  typeName,
  defaultTypeId,
  groups,
  onSubmit,
  onClose,
}: GroupDialogProps) {
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
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isValid, isSubmitting, dirtyFields },
  } = useForm<Values>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: {
      name: group?.name ?? '',
      groupTypeId: group?.groupType.publicId ?? defaultTypeId ?? types[0]?.publicId ?? '',
      parentId: group?.parent?.publicId ?? '',
      color: group?.color ?? '',
    },
  });
  const parents = useMemo(() => parentOptions(groups ?? [], group?.publicId), [groups, group]);

  const handleValid = async (values: Values) => {
    const input: GroupInput = {};
    const changed = (field: keyof Values) => group === undefined || dirtyFields[field];
    if (changed('name')) input.name = values.name.trim();
    if (changed('groupTypeId')) input.groupType = { publicId: values.groupTypeId };
    if (withParent && changed('parentId') && (group || values.parentId))
      input.parent = values.parentId ? { publicId: values.parentId } : null;
    if (changed('color') && values.color.trim()) input.color = values.color.trim().toLowerCase();
    try {
      await onSubmit(input);
    } catch (error) {
      applyTypeErrors(error, setError, t, {
        name: 'name',
        color: 'color',
        groupType: 'groupTypeId',
        'groupType.publicId': 'groupTypeId',
        parent: 'parentId',
        'parent.publicId': 'parentId',
      });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="group-dialog-title">
      <form noValidate onSubmit={handleSubmit(handleValid)}>
        <DialogTitle id="group-dialog-title">{t(group ? 'groups.editTitle' : 'groups.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <FormAlert message={errors.root?.server?.message} />
            <FormTextField
              control={control}
              name="name"
              label={t('groups.name')}
              required
              autoFocus
              autoComplete="off"
            />
            <FormTextField control={control} name="groupTypeId" label={t('groups.type')} required select>
              {types.map((type) => (
                <MenuItem key={type.publicId} value={type.publicId}>
                  {typeName(type.name)}
                </MenuItem>
              ))}
            </FormTextField>
            {withParent && (
              <FormTextField control={control} name="parentId" label={t('groups.parent')} select>
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
              control={control}
              name="color"
              label={t('groups.color')}
              helperText={group ? undefined : t('groups.colorGenerated')}
              required={group !== undefined}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('groups.types.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!isDirty || !isValid} loading={isSubmitting}>
            {t(group ? 'groups.types.save' : 'groups.types.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
