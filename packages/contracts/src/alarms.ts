import { z } from 'zod';
import { limits } from './limits.ts';

const reference = z.strictObject({ publicId: z.string().regex(/^[0-9a-z]{12}$/) });

/**
 * Alarms: conditions on a tag, evaluated by the server as samples arrive, while alarming is
 * activated for the agent. An occurrence is raised when the condition has held for `delaySeconds`,
 * and cleared when the value is back past the threshold by `hysteresis`.
 */
export const alarmConditionKinds = ['above', 'below', 'equal', 'changed'] as const;
export type AlarmConditionKind = (typeof alarmConditionKinds)[number];
export const alarmSeverities = ['info', 'warning', 'critical'] as const;
export type AlarmSeverity = (typeof alarmSeverities)[number];

export const alarmLimits = {
  conditionsPerAgent: 500,
  maxDelaySeconds: 86_400,
  commentMaxLength: 1000,
} as const;

const conditionFields = {
  name: z.string().trim().min(1).max(limits.nameMaxLength),
  tag: reference,
  kind: z.enum(alarmConditionKinds),
  /** Required for above, below and equal; not used by changed. */
  threshold: z.number().finite().nullable().optional(),
  hysteresis: z.number().finite().min(0).optional(),
  delaySeconds: z.number().int().min(0).max(alarmLimits.maxDelaySeconds).optional(),
  severity: z.enum(alarmSeverities).optional(),
  enabled: z.boolean().optional(),
};

/** `POST AgentAlarmConditionList/{agentPublicId}`. */
export const alarmConditionCreateInput = z.strictObject(conditionFields);
export type AlarmConditionCreateInput = z.input<typeof alarmConditionCreateInput>;
/** `PATCH AlarmCondition/{publicId}`. */
export const alarmConditionPatchInput = z.strictObject({
  name: conditionFields.name.optional(),
  tag: conditionFields.tag.optional(),
  kind: conditionFields.kind.optional(),
  threshold: conditionFields.threshold,
  hysteresis: conditionFields.hysteresis,
  delaySeconds: conditionFields.delaySeconds,
  severity: conditionFields.severity,
  enabled: conditionFields.enabled,
});
export type AlarmConditionPatchInput = z.input<typeof alarmConditionPatchInput>;

export type AlarmCondition = {
  publicId: string;
  name: string;
  agent: { publicId: string; name: string };
  tag: { publicId: string; name: string; unit: string };
  kind: AlarmConditionKind;
  threshold: number | null;
  hysteresis: number;
  delaySeconds: number;
  severity: AlarmSeverity;
  enabled: boolean;
  createdOn: string;
};

export type AlarmState = 'active' | 'acknowledged' | 'cleared';

/** One occurrence of an alarm (`GET AgentAlarmList/{agent}`, `GET AlarmList`, `GET Alarm/{publicId}`). */
export type Alarm = {
  publicId: string;
  state: AlarmState;
  severity: AlarmSeverity;
  condition: { publicId: string; name: string; kind: AlarmConditionKind; threshold: number | null };
  agent: { publicId: string; name: string };
  tag: { publicId: string; name: string; unit: string };
  raisedOn: string;
  value: number;
  acknowledgedOn: string | null;
  acknowledgedBy: { publicId: string; name: string } | null;
  comment: string | null;
  clearedOn: string | null;
};

/** `POST AlarmAcknowledge/{publicId}`. */
export const alarmAcknowledgeInput = z.strictObject({
  comment: z.string().trim().max(alarmLimits.commentMaxLength).optional(),
});

/** `PUT AgentAlarmSubscription/{agentPublicId}`: whether the caller gets this agent's alarms by e-mail. */
export const alarmSubscriptionInput = z.strictObject({ email: z.boolean() });
export type AlarmSubscription = { agent: { publicId: string }; email: boolean };

export const alarmErrors = {
  alarmingNotActive: 'Alarming is not activated for this agent',
  thresholdRequired: 'Required for this kind of condition',
  alreadyAcknowledged: 'The alarm is already acknowledged',
  conditionLimit: 'Too many alarm conditions on this agent',
} as const;
