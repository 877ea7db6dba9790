import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

type Device = { publicId: string; name: string };

/**
 * Which devices a page belongs to: users see a page on the devices it belongs to (their device
 * pages list it), so a page without devices is seen only by page builders.
 */
export function PageDevicesDialog({
  initial,
  agents,
  busy,
  onSave,
  onClose,
}: {
  initial: readonly Device[];
  /** The devices the builder may pick from. */
  agents: readonly Device[];
  busy: boolean;
  onSave: (agents: Device[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Device[]>([...initial]);
  const options = [...initial.filter((one) => !agents.some((a) => a.publicId === one.publicId)), ...agents];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSave(chosen);
        }}
      >
        <DialogTitle>{t('pages.devicesDialog.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('pages.devicesDialog.hint')}</DialogContentText>
          <Autocomplete
            multiple
            options={options}
            value={chosen}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(option, value) => option.publicId === value.publicId}
            onChange={(_event, value) => setChosen(value)}
            renderInput={(params) => <TextField {...params} label={t('pages.devicesDialog.devices')} />}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('pages.settingsDialog.cancel')}</Button>
          <Button type="submit" variant="contained" loading={busy}>
            {t('pages.devicesDialog.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
