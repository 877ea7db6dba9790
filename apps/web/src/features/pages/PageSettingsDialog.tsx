import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { limits, pageLimits, type PageVersion, type PeriodSpec } from '@fleetgate/contracts';
import { PeriodSelector } from './PeriodSelector.tsx';

export type PageSettings = Pick<PageVersion, 'title' | 'periodSpec' | 'previewAgent' | 'pagePages'> & {
  icon: string | null;
  previewAsset: PageVersion['previewAsset'];
};

type Option = { publicId: string; name: string };

const iconPattern = /^[a-z0-9_]+$/;

/** The draft's title, icon, default period, preview device and sub-pages. */
export function PageSettingsDialog({
  initial,
  agents,
  pages,
  onApply,
  onClose,
}: {
  initial: PageSettings;
  agents: readonly Option[];
  /** The other pages, to link as sub-pages. */
  pages: readonly { publicId: string; title: string }[];
  onApply: (settings: PageSettings) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(initial.title);
  const [icon, setIcon] = useState(initial.icon ?? '');
  const [period, setPeriod] = useState<PeriodSpec>(initial.periodSpec);
  const [previewAgent, setPreviewAgent] = useState(initial.previewAgent);
  const [subPages, setSubPages] = useState(initial.pagePages);
  const iconInvalid = icon !== '' && !iconPattern.test(icon);
  const agentOptions =
    previewAgent && !agents.some((one) => one.publicId === previewAgent.publicId)
      ? [previewAgent, ...agents]
      : agents;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!title.trim() || iconInvalid) return;
          onApply({
            title: title.trim(),
            icon: icon || null,
            periodSpec: period,
            previewAgent,
            previewAsset: previewAgent ? null : initial.previewAsset,
            pagePages: subPages,
          });
        }}
      >
        <DialogTitle>{t('pages.settingsDialog.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              required
              label={t('pages.settingsDialog.name')}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              slotProps={{ htmlInput: { maxLength: limits.nameMaxLength } }}
            />
            <TextField
              label={t('pages.settingsDialog.icon')}
              value={icon}
              onChange={(event) => setIcon(event.target.value)}
              error={iconInvalid}
              helperText={iconInvalid ? t('pages.settingsDialog.iconInvalid') : undefined}
              slotProps={{ htmlInput: { maxLength: 64 } }}
            />
            <PeriodSelector value={period} onChange={setPeriod} />
            <TextField
              select
              label={t('pages.settingsDialog.previewAgent')}
              value={previewAgent?.publicId ?? ''}
              onChange={(event) =>
                setPreviewAgent(agentOptions.find((one) => one.publicId === event.target.value) ?? null)
              }
            >
              <MenuItem value="">{t('pages.settingsDialog.none')}</MenuItem>
              {agentOptions.map((agent) => (
                <MenuItem key={agent.publicId} value={agent.publicId}>
                  {agent.name}
                </MenuItem>
              ))}
            </TextField>
            <Autocomplete
              multiple
              options={pages.map((page) => ({ publicId: page.publicId, title: page.title }))}
              value={subPages}
              getOptionLabel={(option) => option.title ?? option.publicId}
              isOptionEqualToValue={(option, value) => option.publicId === value.publicId}
              getOptionDisabled={() => subPages.length >= pageLimits.subPagesPerVersion}
              onChange={(_event, value) => setSubPages(value)}
              renderInput={(params) => <TextField {...params} label={t('pages.settingsDialog.subPages')} />}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('pages.settingsDialog.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!title.trim() || iconInvalid}>
            {t('pages.settingsDialog.apply')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
