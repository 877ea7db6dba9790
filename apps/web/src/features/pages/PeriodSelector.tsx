import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { periodPresets, periodSpecSchema, type PeriodSpec } from '@fleetgate/contracts';
import { customPeriodSpec, isPreset, periodRange } from './period.ts';

/** `datetime-local` value of a date, in the browser's time zone. */
function localInput(date: Date): string {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** Today, yesterday, the last 24 h, 7 or 30 days, or a custom period between two date-times. */
export function PeriodSelector({
  value,
  onChange,
}: {
  value: PeriodSpec;
  onChange: (spec: PeriodSpec) => void;
}) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState(() => {
    const range = periodRange(value, new Date());
    return { open: !isPreset(value), from: localInput(range.start), to: localInput(range.end) };
  });
  const from = new Date(custom.from);
  const to = new Date(custom.to);
  // The server's own rule: in order, within the years charts read and at most 366 days long.
  const customValid =
    Number.isFinite(from.getTime()) &&
    Number.isFinite(to.getTime()) &&
    periodSpecSchema.safeParse(customPeriodSpec(from, to)).success;

  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={t('pages.viewer.period')}
        value={custom.open ? 'custom' : value}
        onChange={(event) => {
          if (event.target.value === 'custom') setCustom((state) => ({ ...state, open: true }));
          else {
            setCustom((state) => ({ ...state, open: false }));
            onChange(event.target.value);
          }
        }}
        sx={{ minWidth: 180 }}
      >
        {periodPresets.map((preset) => (
          <MenuItem key={preset} value={preset}>
            {t(`pages.periods.${preset}`)}
          </MenuItem>
        ))}
        <MenuItem value="custom">{t('pages.periods.custom')}</MenuItem>
      </TextField>
      {custom.open && (
        <>
          <TextField
            size="small"
            type="datetime-local"
            label={t('pages.viewer.from')}
            value={custom.from}
            onChange={(event) => setCustom((state) => ({ ...state, from: event.target.value }))}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="datetime-local"
            label={t('pages.viewer.to')}
            value={custom.to}
            onChange={(event) => setCustom((state) => ({ ...state, to: event.target.value }))}
            slotProps={{ inputLabel: { shrink: true } }}
            error={!customValid}
          />
          <Button
            variant="outlined"
            disabled={!customValid}
            onClick={() => onChange(customPeriodSpec(from, to))}
          >
            {t('pages.viewer.apply')}
          </Button>
        </>
      )}
    </Stack>
  );
}
