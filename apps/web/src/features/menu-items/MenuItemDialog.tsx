import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import {
  menuItemIcons,
  type Audience,
  type MenuItem as MenuLink,
  type MenuItemIcon,
} from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import { describeError, translateApiMessage } from '../../api/error-text.ts';
import { DiscardChangesDialog } from '../../components/DiscardChangesDialog.tsx';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { menuItemIconComponents } from './menu-item-icons.ts';
import {
  initialMenuItemValues,
  menuItemBodyOf,
  menuItemFormErrors,
  type MenuItemBody,
  type MenuItemField,
  type MenuItemFormValues,
} from './menu-item-form.ts';

type MenuItemDialogProps = {
  /** The link to edit; a new one is added without it. */
  item?: MenuLink | undefined;
  audiences: readonly Pick<Audience, 'publicId' | 'name'>[];
  /** Rejects with the ApiError of a failed attempt. */
  onSubmit: (body: MenuItemBody) => Promise<void>;
  onClose: () => void;
};

const fields: MenuItemField[] = ['name', 'translationKey', 'url'];

/** Adds or edits a menu link: its label (a name or a translation key), https address, icon and audience. */
export function MenuItemDialog({ item, audiences, onSubmit, onClose }: MenuItemDialogProps) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [initial] = useState(() => initialMenuItemValues(item));
  const [values, setValues] = useState<MenuItemFormValues>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [askDiscard, setAskDiscard] = useState(false);

  const clientErrors = menuItemFormErrors(values, t);
  const valid = Object.keys(clientErrors).length === 0;
  const dirty = (Object.keys(values) as (keyof MenuItemFormValues)[]).some(
    (key) => values[key] !== initial[key],
  );
  const errorFor = (field: MenuItemField) =>
    serverErrors[field] ?? (touched.has(field) ? clientErrors[field] : undefined);

  const change = <K extends keyof MenuItemFormValues>(key: K, value: MenuItemFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setTouched((current) => new Set(current).add(key));
    setServerErrors((current) => ({ ...current, [key]: undefined }));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(fields));
    if (!valid || busy) return;
    setBusy(true);
    setFormError(undefined);
    try {
      await onSubmit(menuItemBodyOf(values));
    } catch (error) {
      const items = error instanceof ApiError && error.status !== 429 ? error.errors : [];
      const byField: Partial<Record<string, string>> = {};
      const rest: string[] = [];
      for (const e of items) {
        const field = e.propertyName === 'audience.publicId' ? 'audience' : e.propertyName;
        if (field && (fields as string[]).includes(field)) byField[field] = translateApiMessage(t, e.message);
        else rest.push(translateApiMessage(t, e.message));
      }
      setServerErrors(byField);
      setFormError(items.length === 0 ? describeError(t, error) : rest.join(' ') || undefined);
    } finally {
      setBusy(false);
    }
  };

  const handleDialogClose = () => {
    if (busy) return;
    if (dirty) setAskDiscard(true);
    else onClose();
  };

  const titleId = 'menu-item-dialog-title';
  const byName = values.labelKind === 'name';
  return (
    <>
      <Dialog
        open
        onClose={handleDialogClose}
        fullWidth
        maxWidth="sm"
        fullScreen={fullScreen}
        aria-labelledby={titleId}
      >
        <form noValidate onSubmit={(event) => void handleSubmit(event)}>
          <DialogTitle id={titleId}>
            {t(item ? 'menuItems.dialog.editTitle' : 'menuItems.dialog.addTitle')}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <FormAlert message={formError} />
              <div>
                <FormLabel id="menu-item-label-kind">{t('menuItems.dialog.labelKind')}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby="menu-item-label-kind"
                  value={values.labelKind}
                  onChange={(event) => change('labelKind', event.target.value as 'name' | 'key')}
                >
                  <FormControlLabel value="name" control={<Radio />} label={t('menuItems.dialog.byName')} />
                  <FormControlLabel value="key" control={<Radio />} label={t('menuItems.dialog.byKey')} />
                </RadioGroup>
              </div>
              {byName ? (
                <TextField
                  label={t('menuItems.dialog.name')}
                  value={values.name}
                  required
                  autoFocus
                  autoComplete="off"
                  onChange={(event) => change('name', event.target.value)}
                  error={errorFor('name') !== undefined}
                  helperText={errorFor('name')}
                />
              ) : (
                <TextField
                  label={t('menuItems.dialog.translationKey')}
                  value={values.translationKey}
                  required
                  autoFocus
                  autoComplete="off"
                  onChange={(event) => change('translationKey', event.target.value)}
                  error={errorFor('translationKey') !== undefined}
                  helperText={errorFor('translationKey') ?? t('menuItems.dialog.translationKeyHint')}
                  slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', autoCorrect: 'off' } }}
                />
              )}
              <TextField
                label={t('menuItems.dialog.url')}
                value={values.url}
                required
                type="url"
                autoComplete="off"
                onChange={(event) => change('url', event.target.value)}
                error={errorFor('url') !== undefined}
                helperText={errorFor('url') ?? t('menuItems.dialog.urlHint')}
                slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', autoCorrect: 'off' } }}
              />
              <TextField
                select
                label={t('menuItems.dialog.icon')}
                value={values.icon}
                onChange={(event) => change('icon', event.target.value as MenuItemIcon)}
                slotProps={{
                  select: {
                    renderValue: (value) => {
                      const Icon = menuItemIconComponents[value as MenuItemIcon];
                      return (
                        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                          <Icon fontSize="small" />
                          <span>{t(`menuItems.icons.${value as MenuItemIcon}`)}</span>
                        </Stack>
                      );
                    },
                  },
                }}
              >
                {menuItemIcons.map((name) => {
                  const Icon = menuItemIconComponents[name];
                  return (
                    <MenuItem key={name} value={name}>
                      <ListItemIcon>
                        <Icon fontSize="small" />
                      </ListItemIcon>
                      <ListItemText primary={t(`menuItems.icons.${name}`)} />
                    </MenuItem>
                  );
                })}
              </TextField>
              <TextField
                select
                label={t('menuItems.dialog.audience')}
                value={values.audience}
                onChange={(event) => change('audience', event.target.value)}
                error={serverErrors.audience !== undefined}
                helperText={serverErrors.audience}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">{t('menuItems.everyone')}</MenuItem>
                {audiences.map((audience) => (
                  <MenuItem key={audience.publicId} value={audience.publicId}>
                    {audience.name}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} disabled={busy}>
              {t('menuItems.dialog.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={(item !== undefined && !dirty) || busy}
              loading={busy}
            >
              {t(item ? 'menuItems.dialog.save' : 'menuItems.dialog.create')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <DiscardChangesDialog
        open={askDiscard}
        onKeepEditing={() => setAskDiscard(false)}
        onDiscard={() => {
          setAskDiscard(false);
          onClose();
        }}
      />
    </>
  );
}
