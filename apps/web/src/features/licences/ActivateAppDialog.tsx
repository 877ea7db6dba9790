import { useState } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { trialDays, type PerAgentApp } from '@fleetgate/contracts';
import { useTranslation } from 'react-i18next';
import { describeLicenceError } from './licence-errors.ts';
import { formatDate } from '../../components/format/format-date.ts';
import { useNotify } from '../../components/notify.tsx';
import { LicenceActionDialog } from './LicenceActionDialog.tsx';
import {
  activationBody,
  choiceComplete,
  defaultActivationKind,
  usableLicences,
  type ActivationKind,
} from './licence-rules.ts';
import type { NamedRef } from './licence-wire.ts';
import { useActivateApp, useLicences } from './use-licences.ts';

type ActivateAppDialogProps = {
  app: PerAgentApp;
  agent: NamedRef;
  trialAvailable: boolean;
  onClose: () => void;
};

/**
 * Activates data logging or alarming on one agent (spec §5): a trial (while the agent has not
 * used it), a seat of one of the company's licences, or a coupon code. Only the chosen one is sent.
 */
export function ActivateAppDialog({ app, agent, trialAvailable, onClose }: ActivateAppDialogProps) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const licences = useLicences();
  const activate = useActivateApp(app);
  const usable = usableLicences(licences.data ?? [], app);
  const [picked, setPicked] = useState<ActivationKind | null>(null);
  const [licence, setLicence] = useState('');
  const [couponCode, setCouponCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Until the user picks, the dialog follows what is available once the licences have loaded.
  const kind =
    picked ??
    (licences.isPending
      ? trialAvailable
        ? 'trial'
        : 'coupon'
      : defaultActivationKind(trialAvailable, usable));
  const choice = { kind, licence: licence || (usable.length === 1 ? usable[0]!.publicId : ''), couponCode };
  const appName = t(`licences.apps.${app}`);
  const texts = { app: appName, device: agent.name };

  const handleSubmit = () => {
    setError(null);
    activate.mutate(activationBody(agent.publicId, choice), {
      onSuccess: () => {
        notify(t('licences.activate.done', texts));
        onClose();
      },
      onError: (failure) => setError(describeLicenceError(t, failure)),
    });
  };

  return (
    <LicenceActionDialog
      titleId="activate-app-title"
      title={t('licences.activate.title', texts)}
      submitLabel={t('licences.activate.submit')}
      error={error}
      busy={activate.isPending}
      canSubmit={choiceComplete(choice, trialAvailable)}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <FormControl>
        <FormLabel id="activate-app-how">{t('licences.activate.how')}</FormLabel>
        <RadioGroup
          aria-labelledby="activate-app-how"
          value={kind}
          onChange={(event) => setPicked(event.target.value as ActivationKind)}
        >
          <FormControlLabel
            value="trial"
            control={<Radio />}
            disabled={!trialAvailable}
            label={t('licences.activate.trial', { days: trialDays })}
          />
          {!trialAvailable && (
            <FormHelperText sx={{ mt: -0.75, ml: 4 }}>{t('licences.activate.trialUsed')}</FormHelperText>
          )}
          <FormControlLabel value="licence" control={<Radio />} label={t('licences.activate.licence')} />
          <FormControlLabel value="coupon" control={<Radio />} label={t('licences.activate.coupon')} />
        </RadioGroup>
      </FormControl>
      {kind === 'licence' && (
        <TextField
          select
          label={t('licences.activate.licenceField')}
          value={choice.licence}
          onChange={(event) => setLicence(event.target.value)}
          disabled={usable.length === 0}
          helperText={
            licences.isSuccess && usable.length === 0 ? t('licences.activate.noLicence') : undefined
          }
          fullWidth
        >
          {usable.map((option) => (
            <MenuItem key={option.publicId} value={option.publicId}>
              {t('licences.activate.licenceOption', {
                name: option.type.name,
                free: t('licences.seatsFree', { count: option.seatsFree }),
                date: formatDate(option.validUntil),
              })}
            </MenuItem>
          ))}
        </TextField>
      )}
      {kind === 'coupon' && (
        <TextField
          label={t('licences.activate.couponCode')}
          value={couponCode}
          onChange={(event) => setCouponCode(event.target.value)}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 64, spellCheck: false } }}
          fullWidth
        />
      )}
    </LicenceActionDialog>
  );
}
