import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { useTranslation } from 'react-i18next';
import { pickerLocaleText } from '../../components/form/picker-locale-text.ts';
import { pickerLocale } from '../devices/picker-locale.ts';

type AccessUntilDialogProps = {
  /** Whose access: a member's name, or a member and a group. */
  title: string;
  text: string;
  /** The current end (ISO) or null. */
  expiresOn: string | null;
  busy: boolean;
  /** A server message to show under the field (a refused end). */
  error?: string | undefined;
  onSave: (expiresOn: string | null) => void;
  onClose: () => void;
};

/**
 * Sets when someone's access ends (temporary access): an optional date and time in the user's
 * time zone, sent as an ISO moment. "No end" makes the access last until it is removed.
 * Mounted only while open, so every opening starts from the current value.
 */
export function AccessUntilDialog({
  title,
  text,
  expiresOn,
  busy,
  error,
  onSave,
  onClose,
}: AccessUntilDialogProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [openedAt] = useState(() => new Date());
  const [value, setValue] = useState<Date | null>(expiresOn ? new Date(expiresOn) : null);
  const [touched, setTouched] = useState(false);
  const invalid = value !== null && (Number.isNaN(value.getTime()) || value <= new Date());
  const fieldError = touched && invalid ? t('users.accessUntil.inPast') : error;
  const locale = pickerLocale(i18n.language);

  const handleSave = () => {
    setTouched(true);
    if (invalid) return;
    onSave(value && value.toISOString());
  };

  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={locale.adapterLocale}
      localeText={{ ...locale.localeText, ...pickerLocaleText(t) }}
    >
      <Dialog
        open
        onClose={busy ? undefined : onClose}
        fullWidth
        maxWidth="xs"
        fullScreen={fullScreen}
        aria-labelledby="access-until-title"
      >
        <DialogTitle id="access-until-title">{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
          <DateTimePicker
            label={t('users.accessUntil.label')}
            value={value}
            onChange={(next) => {
              setValue(next);
              setTouched(true);
            }}
            minDateTime={openedAt}
            ampm={false}
            disabled={busy}
            slotProps={{
              textField: {
                name: 'expiresOn',
                fullWidth: true,
                error: fieldError !== undefined,
                helperText: fieldError ?? t('users.accessUntil.hint'),
              },
              field: { clearable: true },
            }}
          />
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('users.cancel')}
          </Button>
          <Button onClick={() => onSave(null)} disabled={busy || expiresOn === null}>
            {t('users.accessUntil.noEnd')}
          </Button>
          <Button variant="contained" onClick={handleSave} disabled={busy || value === null}>
            {t('users.accessUntil.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </LocalizationProvider>
  );
}
