import { useEffect, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AccessRequest, AccessRequestApprover, Agent } from '@fleetgate/contracts';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { FormTextField } from '../../components/form/FormTextField.tsx';
import { applyApiErrors } from '../../components/form/apply-api-errors.ts';
import { MultiSelectField, type MultiSelectOption } from './MultiSelectField.tsx';
import { StartField } from './StartField.tsx';
import { hasVpnRestriction } from './device-status.ts';
import {
  canApproveAll,
  durationLabel,
  durationOptions,
  localizeRequestError,
  requestFormDefaults,
  requestFormFields,
  requestFormSchema,
  requestPayloadOf,
  vpnOption,
  type RequestFormValues,
} from './request-access-form.ts';
import { useCreateAccessRequest, type RequestTarget } from './use-devices.ts';

type RequestAccessFormProps = {
  agent: Agent;
  /** Where the request is sent: the agent, or an asset reached through it. */
  target: RequestTarget;
  approvers: AccessRequestApprover[];
  onCancel: () => void;
  /** Tells the dialog whether closing would lose changes. */
  onDirtyChange: (dirty: boolean) => void;
  onSubmitted: (request: AccessRequest) => void;
};

export function RequestAccessForm({
  agent,
  target,
  approvers,
  onCancel,
  onDirtyChange,
  onSubmitted,
}: RequestAccessFormProps) {
  const { t } = useTranslation();
  const [openedAt] = useState(() => new Date());
  const schema = useMemo(
    () => requestFormSchema(t, { approvers, defaultStart: openedAt, now: () => new Date() }),
    [t, approvers, openedAt],
  );
  const {
    control,
    handleSubmit,
    setError,
    trigger,
    getValues,
    formState: { errors, isDirty, isValid, isSubmitting, dirtyFields },
  } = useForm<RequestFormValues>({
    mode: 'all',
    resolver: zodResolver(schema),
    defaultValues: requestFormDefaults(openedAt),
  });
  const create = useCreateAccessRequest(target);
  const services = useWatch({ control, name: 'services' });

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  // Whether the chosen approvers qualify depends on the services: check again when they change.
  useEffect(() => {
    if (getValues('approvers').length > 0) void trigger('approvers');
  }, [services, getValues, trigger]);

  const offersVpn = hasVpnRestriction(agent);
  const serviceOptions: MultiSelectOption[] = [
    ...(offersVpn ? [{ value: vpnOption, label: t('devices.request.vpnOption') }] : []),
    ...agent.servers.map((server) => ({ value: server.publicId, label: server.name })),
  ];
  const approverOptions: MultiSelectOption[] = approvers.map((approver) => {
    const able = canApproveAll(approver, services);
    return {
      value: approver.publicId,
      label: approver.name,
      disabled: !able,
      hint: able ? undefined : t('devices.request.approverCannot'),
    };
  });

  const handleValid = async (values: RequestFormValues) => {
    try {
      const payload = requestPayloadOf(values, dirtyFields.start === true, new Date());
      onSubmitted(await create.mutateAsync(payload));
    } catch (error) {
      applyApiErrors(localizeRequestError(error, t), setError, t, { fields: requestFormFields });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(handleValid)}>
      <DialogContent>
        <Stack spacing={2.25} sx={{ pt: 1 }}>
          <FormAlert message={errors.root?.server?.message} />
          <MultiSelectField
            control={control}
            name="services"
            label={t('devices.request.services')}
            options={serviceOptions}
            required
          />
          {/* Without VPN the chosen services are reached by web (browser or connector). */}
          <Typography id="request-services-hint" variant="caption" color="text.secondary" sx={{ mt: -1 }}>
            {offersVpn ? t('devices.request.servicesHintVpn') : t('devices.request.servicesHintWeb')}
          </Typography>
          <MultiSelectField
            control={control}
            name="approvers"
            label={t('devices.request.approvers')}
            options={approverOptions}
            required
          />
          <FormTextField
            control={control}
            name="reason"
            label={t('devices.request.reason')}
            required
            multiline
            minRows={2}
            maxRows={6}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
            <FormTextField
              control={control}
              name="duration"
              label={t('devices.request.duration')}
              required
              select
            >
              {durationOptions.map((minutes) => (
                <MenuItem key={minutes} value={String(minutes)}>
                  {durationLabel(t, minutes)}
                </MenuItem>
              ))}
            </FormTextField>
            <StartField control={control} label={t('devices.request.start')} openedAt={openedAt} />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={isSubmitting}>
          {t('devices.request.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!isDirty || !isValid} loading={isSubmitting}>
          {t('devices.request.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
