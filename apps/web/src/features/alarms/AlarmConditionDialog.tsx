import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  alarmConditionKinds,
  alarmLimits,
  alarmSeverities,
  limits,
  type AlarmCondition,
  type AlarmConditionKind,
  type AlarmSeverity,
} from '@fleetgate/contracts';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../api/error-text.ts';
import { useNotify } from '../../components/notify.tsx';
import { AlarmDialogFrame } from './AlarmDialogFrame.tsx';
import {
  bodyOf,
  formOf,
  validateForm,
  type ConditionForm,
  type ConditionFormErrors,
} from './condition-form.ts';
import { useAgentTags, useSaveAlarmCondition } from './use-alarms.ts';

type AlarmConditionDialogProps = {
  agent: { publicId: string; name: string };
  /** null adds a new condition. */
  condition: AlarmCondition | null;
  onClose: () => void;
};

/** Adds or edits an alarm condition of one agent, checking the fields as the server does. */
export function AlarmConditionDialog({ agent, condition, onClose }: AlarmConditionDialogProps) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const tags = useAgentTags(agent.publicId, true);
  const save = useSaveAlarmCondition(agent.publicId);
  const [form, setForm] = useState<ConditionForm>(() => formOf(condition));
  const [errors, setErrors] = useState<ConditionFormErrors>({});
  const [error, setError] = useState<string | null>(null);

  const set = <K extends keyof ConditionForm>(key: K, value: ConditionForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const errorText = (key: keyof ConditionForm) =>
    errors[key] && t(`alarms.conditions.dialog.${errors[key]}`, { max: alarmLimits.maxDelaySeconds });

  const handleSubmit = () => {
    const found = validateForm(form);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setError(null);
    const body = bodyOf(form);
    save.mutate(condition === null ? { publicId: null, body } : { publicId: condition.publicId, body }, {
      onSuccess: () => {
        notify(t('alarms.conditions.saved'), { durationMs: 3000 });
        onClose();
      },
      onError: (failure) => setError(describeError(t, failure)),
    });
  };

  const tagOptions = tags.data ?? [];
  const title = condition ? t('alarms.conditions.dialog.editTitle') : t('alarms.conditions.dialog.addTitle');
  return (
    <AlarmDialogFrame
      titleId="alarm-condition-title"
      title={title}
      submitLabel={t('alarms.conditions.dialog.save')}
      cancelLabel={t('alarms.conditions.dialog.cancel')}
      error={error}
      busy={save.isPending}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <TextField
        label={t('alarms.conditions.dialog.name')}
        value={form.name}
        onChange={(event) => set('name', event.target.value)}
        error={Boolean(errors.name)}
        helperText={errorText('name')}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: limits.nameMaxLength } }}
      />
      {tags.isSuccess && tagOptions.length === 0 && (
        <Typography color="text.secondary">{t('alarms.conditions.dialog.noTags')}</Typography>
      )}
      <TextField
        select
        label={t('alarms.conditions.dialog.tag')}
        value={tagOptions.some((tag) => tag.publicId === form.tag) ? form.tag : ''}
        onChange={(event) => set('tag', event.target.value)}
        error={Boolean(errors.tag)}
        helperText={errorText('tag')}
        required
      >
        {tagOptions.map((tag) => (
          <MenuItem key={tag.publicId} value={tag.publicId}>
            {tag.unit ? `${tag.name} (${tag.unit})` : tag.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('alarms.conditions.dialog.kind')}
        value={form.kind}
        onChange={(event) => set('kind', event.target.value as AlarmConditionKind)}
      >
        {alarmConditionKinds.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {t(`alarms.conditions.dialog.kinds.${kind}`)}
          </MenuItem>
        ))}
      </TextField>
      {form.kind !== 'changed' && (
        <>
          <TextField
            label={t('alarms.conditions.dialog.threshold')}
            value={form.threshold}
            onChange={(event) => set('threshold', event.target.value)}
            error={Boolean(errors.threshold)}
            helperText={errorText('threshold')}
            required
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            label={t('alarms.conditions.dialog.hysteresis')}
            value={form.hysteresis}
            onChange={(event) => set('hysteresis', event.target.value)}
            error={Boolean(errors.hysteresis)}
            helperText={errorText('hysteresis') ?? t('alarms.conditions.dialog.hysteresisHint')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            label={t('alarms.conditions.dialog.delaySeconds')}
            value={form.delaySeconds}
            onChange={(event) => set('delaySeconds', event.target.value)}
            error={Boolean(errors.delaySeconds)}
            helperText={errorText('delaySeconds') ?? t('alarms.conditions.dialog.delayHint')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </>
      )}
      <TextField
        select
        label={t('alarms.conditions.dialog.severity')}
        value={form.severity}
        onChange={(event) => set('severity', event.target.value as AlarmSeverity)}
      >
        {alarmSeverities.map((severity) => (
          <MenuItem key={severity} value={severity}>
            {t(`alarms.severity.${severity}`)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Switch checked={form.enabled} onChange={(event) => set('enabled', event.target.checked)} />}
        label={t('alarms.conditions.dialog.enabled')}
      />
    </AlarmDialogFrame>
  );
}
