import {
  alarmLimits,
  type AlarmCondition,
  type AlarmConditionCreateInput,
  type AlarmConditionKind,
  type AlarmSeverity,
} from '@fleetgate/contracts';

/** The condition dialog's fields as typed (numbers as text). */
export type ConditionForm = {
  name: string;
  tag: string;
  kind: AlarmConditionKind;
  threshold: string;
  hysteresis: string;
  delaySeconds: string;
  severity: AlarmSeverity;
  enabled: boolean;
};

export type ConditionFormErrors = Partial<
  Record<keyof ConditionForm, 'required' | 'number' | 'notNegative' | 'delayRange'>
>;

export function formOf(condition: AlarmCondition | null): ConditionForm {
  return {
    name: condition?.name ?? '',
    tag: condition?.tag.publicId ?? '',
    kind: condition?.kind ?? 'above',
    threshold: condition?.threshold === null || condition === null ? '' : String(condition.threshold),
    hysteresis: String(condition?.hysteresis ?? 0),
    delaySeconds: String(condition?.delaySeconds ?? 0),
    severity: condition?.severity ?? 'warning',
    enabled: condition?.enabled ?? true,
  };
}

const numberOf = (text: string) => (text.trim() === '' ? NaN : Number(text));

/** The checks the server makes, so the dialog can name the field before sending. */
export function validateForm(form: ConditionForm): ConditionFormErrors {
  const errors: ConditionFormErrors = {};
  if (form.name.trim() === '') errors.name = 'required';
  if (form.tag === '') errors.tag = 'required';
  if (form.kind !== 'changed') {
    if (form.threshold.trim() === '') errors.threshold = 'required';
    else if (!Number.isFinite(numberOf(form.threshold))) errors.threshold = 'number';
  }
  const hysteresis = numberOf(form.hysteresis);
  if (!Number.isFinite(hysteresis)) errors.hysteresis = 'number';
  else if (hysteresis < 0) errors.hysteresis = 'notNegative';
  const delay = numberOf(form.delaySeconds);
  if (!Number.isInteger(delay) || delay < 0 || delay > alarmLimits.maxDelaySeconds)
    errors.delaySeconds = 'delayRange';
  return errors;
}

/** The body of a create or a patch: every field (a patch of all of them is as good). */
export function bodyOf(form: ConditionForm): AlarmConditionCreateInput {
  return {
    name: form.name.trim(),
    tag: { publicId: form.tag },
    kind: form.kind,
    threshold: form.kind === 'changed' ? null : Number(form.threshold),
    hysteresis: Number(form.hysteresis),
    delaySeconds: Number(form.delaySeconds),
    severity: form.severity,
    enabled: form.enabled,
  };
}
