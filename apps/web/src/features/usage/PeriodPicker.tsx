import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { useTranslation } from 'react-i18next';
import { usageMaxDays } from '@fleetgate/contracts';
import { pickerLocale } from '../devices/picker-locale.ts';
import { dateOf, dayOf, presets, type PeriodChoice, type PeriodProblem } from './usage-period.ts';

type PeriodPickerProps = {
  choice: PeriodChoice;
  /** The period currently shown, to start a custom one from. */
  shown: { from: string; to: string } | null;
  problem: { problem: PeriodProblem; field: 'from' | 'to' } | null;
  onChange: (choice: PeriodChoice) => void;
};

/** The period: the last 7, 30 or 90 days, or any days from–to (at most 366). */
export function PeriodPicker({ choice, shown, problem, onChange }: PeriodPickerProps) {
  const { t, i18n } = useTranslation();
  const locale = pickerLocale(i18n.language);
  const handlePreset = (_event: unknown, value: string | null) => {
    if (value === null) return;
    if (value === 'custom') {
      onChange({ preset: 'custom', from: shown?.from ?? '', to: shown?.to ?? '' });
    } else {
      onChange({ preset: Number(value) as (typeof presets)[number] });
    }
  };
  const message = (field: 'from' | 'to') => {
    if (problem?.field !== field) return undefined;
    if (problem.problem === 'tooLong') return t('usage.period.tooLong', { days: usageMaxDays });
    return t(`usage.period.${problem.problem}`);
  };

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={String(choice.preset)}
        onChange={handlePreset}
        aria-label={t('usage.period.label')}
        // Unselected choices in the secondary text colour: the default is too faint on the page background.
        sx={{ flexWrap: 'wrap', '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.secondary' } }}
      >
        {presets.map((days) => (
          <ToggleButton key={days} value={String(days)}>
            {t(`usage.period.last${days}`)}
          </ToggleButton>
        ))}
        <ToggleButton value="custom">{t('usage.period.custom')}</ToggleButton>
      </ToggleButtonGroup>
      {choice.preset === 'custom' && (
        <LocalizationProvider
          dateAdapter={AdapterDateFns}
          adapterLocale={locale.adapterLocale}
          localeText={locale.localeText}
        >
          <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
            {(['from', 'to'] as const).map((field) => (
              <DatePicker
                key={field}
                label={t(`usage.period.${field}`)}
                value={dateOf(choice[field])}
                onChange={(value) => onChange({ ...choice, [field]: dayOf(value) })}
                disableFuture
                slotProps={{
                  textField: {
                    size: 'small',
                    name: field,
                    error: problem?.field === field,
                    helperText: message(field),
                    sx: { width: 180 },
                  },
                }}
              />
            ))}
          </Stack>
        </LocalizationProvider>
      )}
    </Stack>
  );
}
