import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { colorPattern, isTranslationKey } from '@fleetgate/contracts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { nameSchema } from '../../components/form/field-schemas.ts';
import { ColorField } from './ColorField.tsx';
import type { OrderedType, OrderedTypeKind } from './ordered-type-kind.ts';
import { applyTypeErrors } from './type-errors.ts';
import { useTranslatedName } from '../translations/translated-name.ts';
import { languageName } from '../translations/translation-form.ts';
import type { OrderedTypeInput } from './use-ordered-types.ts';

type OrderedTypeDialogProps = {
  kind: OrderedTypeKind;
  /** The type being edited; none to add one. */
  type: OrderedType | undefined;
  /** Shows the colour input, which is then required. */
  withColor: boolean;
  /** Gets only what changed; rejects with the ApiError of a failed attempt. */
  onSubmit: (input: OrderedTypeInput) => Promise<void>;
  onClose: () => void;
};

type Values = { name: string; color: string };

/** Adds or edits a type. Submitting stays disabled until something changed and all is valid. */
export function OrderedTypeDialog({ kind, type, withColor, onSubmit, onClose }: OrderedTypeDialogProps) {
  const { t, i18n } = useTranslation();
  const translated = useTranslatedName();
  // A name that is a translation key (the app's or the company's) is shown translated and cannot be edited.
  const shownName = type === undefined ? undefined : translated(type.name);
  const keyName = type !== undefined && (isTranslationKey(type.name) || shownName?.isKey === true);
  const schema = useMemo(
    () =>
      z.object({
        name: keyName ? z.string() : nameSchema(t),
        color: withColor
          ? z
              .string()
              .trim()
              .min(1, t('form.required'))
              .regex(colorPattern, t(`${kind.texts}.colorInvalid`))
          : z.string(),
      }),
    [t, keyName, withColor, kind.texts],
  );
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isValid, isSubmitting, dirtyFields },
  } = useForm<Values>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: { name: type?.name ?? '', color: withColor ? (type?.color ?? '') : '' },
  });

  const handleValid = async (values: Values) => {
    const input: OrderedTypeInput = {};
    if (!keyName && (type === undefined || dirtyFields.name)) input.name = values.name.trim();
    if (withColor && (type === undefined || dirtyFields.color))
      input.color = values.color.trim().toLowerCase();
    try {
      await onSubmit(input);
    } catch (error) {
      applyTypeErrors(error, setError, t, { name: 'name', color: 'color' });
    }
  };

  const titleId = `${kind.rel}-dialog-title`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form noValidate onSubmit={handleSubmit(handleValid)}>
        <DialogTitle id={titleId}>
          {t(type ? `${kind.texts}.editTitle` : `${kind.texts}.addTitle`)}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <FormAlert message={errors.root?.server?.message} />
            {keyName ? (
              <TextField
                label={t(`${kind.texts}.name`)}
                value={shownName?.text ?? type.name}
                disabled
                helperText={
                  // The app's own keys are translated for every language; a company's key is its own word.
                  isTranslationKey(type.name)
                    ? t(`${kind.texts}.translatedName`)
                    : t('translations.nameIsKey', {
                        key: type.name,
                        language: languageName(i18n.language, i18n.language),
                      })
                }
              />
            ) : (
              <FormTextField
                control={control}
                name="name"
                label={t(`${kind.texts}.name`)}
                required
                autoFocus
                autoComplete="off"
              />
            )}
            {withColor && (
              <ColorField
                control={control}
                name="color"
                label={t(`${kind.texts}.color`)}
                helperText={t(`${kind.texts}.colorHint`)}
                required
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t(`${kind.texts}.cancel`)}</Button>
          <Button type="submit" variant="contained" disabled={!isDirty || !isValid} loading={isSubmitting}>
            {t(type ? `${kind.texts}.save` : `${kind.texts}.create`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
