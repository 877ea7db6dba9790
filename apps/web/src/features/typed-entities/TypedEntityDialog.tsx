import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import type { OrderedType } from '../ordered-types/ordered-type-kind.ts';
import { applyTypeErrors } from '../ordered-types/type-errors.ts';
import type { TypedEntityKind } from './typed-entity-kind.ts';

type TypedEntityDialogProps<T extends FieldValues & { name: string }, Input> = {
  kind: TypedEntityKind;
  /** Editing sends only the changed fields; adding sends them all. */
  editing: boolean;
  form: UseFormReturn<T>;
  /** The form field that holds the type's publicId. */
  typeField: Path<T>;
  types: OrderedType[];
  typeName: (name: string) => string;
  /** Server property names of the feature's own fields, mapped to those fields. */
  errorFields?: Partial<Record<string, Path<T>>>;
  /** The request body; `changed(field)` says whether a field is to be sent. */
  toInput: (values: T, changed: (field: keyof T & string) => boolean) => Input;
  /** Rejects with the ApiError of a failed attempt, whose messages land on their fields. */
  onSubmit: (input: Input) => Promise<void>;
  onClose: () => void;
  /** The feature's own fields, below name and type. */
  children?: ReactNode;
};

/** The add/edit dialog of a group or an asset: name, type, the feature's fields and the buttons. */
export function TypedEntityDialog<T extends FieldValues & { name: string }, Input>({
  kind,
  editing,
  form,
  typeField,
  types,
  typeName,
  errorFields,
  toInput,
  onSubmit,
  onClose,
  children,
}: TypedEntityDialogProps<T, Input>) {
  const { t } = useTranslation();
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isValid, isSubmitting, dirtyFields },
  } = form;
  const nameField = 'name' as Path<T>;

  const handleValid = async (values: T) => {
    const changed = (field: keyof T & string) =>
      !editing || Boolean((dirtyFields as Partial<Record<string, unknown>>)[field]);
    try {
      await onSubmit(toInput(values, changed));
    } catch (error) {
      applyTypeErrors(error, setError, t, {
        name: nameField,
        [kind.typeRef]: typeField,
        [`${kind.typeRef}.publicId`]: typeField,
        ...errorFields,
      });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={kind.dialogTitleId}>
      <form noValidate onSubmit={handleSubmit(handleValid)}>
        <DialogTitle id={kind.dialogTitleId}>
          {t(editing ? `${kind.texts}.editTitle` : `${kind.texts}.addTitle`)}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <FormAlert message={errors.root?.server?.message} />
            <FormTextField
              control={control}
              name={nameField}
              label={t(`${kind.texts}.name`)}
              required
              autoFocus
              autoComplete="off"
            />
            <FormTextField control={control} name={typeField} label={t(`${kind.texts}.type`)} required select>
              {types.map((type) => (
                <MenuItem key={type.publicId} value={type.publicId}>
                  {typeName(type.name)}
                </MenuItem>
              ))}
            </FormTextField>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t(`${kind.texts}.types.cancel`)}</Button>
          <Button type="submit" variant="contained" disabled={!isDirty || !isValid} loading={isSubmitting}>
            {t(editing ? `${kind.texts}.types.save` : `${kind.texts}.types.create`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
