import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { languageCodePattern } from '@fleetgate/contracts';
import { DiscardChangesDialog } from '../../components/DiscardChangesDialog.tsx';

type AddLanguageDialogProps = {
  open: boolean;
  existing: readonly string[];
  onAdd: (code: string) => void;
  onCancel: () => void;
};

/** Asks for a language code; Escape or a click beside it asks first when a code was typed. */
export function AddLanguageDialog({ open, existing, onAdd, onCancel }: AddLanguageDialogProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const value = code.trim();
  const problem =
    value === ''
      ? t('form.required')
      : !languageCodePattern.test(value)
        ? t('terms.builder.languageCodeHint')
        : existing.includes(value)
          ? t('terms.builder.languageExists')
          : null;

  const close = () => {
    setCode('');
    setTouched(false);
    setConfirming(false);
    onCancel();
  };
  const handleClose = () => (code === '' ? close() : setConfirming(true));
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    setCode('');
    setTouched(false);
    onAdd(value);
  };

  return (
    <>
      <Dialog open={open} onClose={handleClose} maxWidth="xs" fullWidth aria-labelledby="add-language-title">
        <form noValidate onSubmit={handleSubmit}>
          <DialogTitle id="add-language-title">{t('terms.builder.addLanguageTitle')}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              margin="dense"
              label={t('terms.builder.languageCode')}
              value={code}
              onChange={(event) => setCode(event.target.value.toLowerCase())}
              onBlur={() => setTouched(code !== '')}
              error={touched && problem !== null}
              helperText={touched && problem ? problem : t('terms.builder.languageCodeHint')}
              fullWidth
              required
              slotProps={{ htmlInput: { maxLength: 6, autoComplete: 'off' } }}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close}>{t('terms.builder.cancel')}</Button>
            <Button type="submit" variant="contained">
              {t('terms.builder.add')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <DiscardChangesDialog open={confirming} onKeepEditing={() => setConfirming(false)} onDiscard={close} />
    </>
  );
}
