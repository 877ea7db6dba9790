import type { Alarm, AlarmCondition, AlarmState } from '@fleetgate/contracts';
import type { AlarmRow, ConditionRow } from './alarms.repository.ts';

export function presentCondition(row: ConditionRow): AlarmCondition {
  return {
    publicId: row.public_id,
    name: row.name,
    agent: { publicId: row.agent_public_id, name: row.agent_name },
    tag: { publicId: row.tag_public_id, name: row.tag_name, unit: row.tag_unit },
    kind: row.kind,
    threshold: row.threshold,
    hysteresis: row.hysteresis,
    delaySeconds: row.delay_seconds,
    severity: row.severity,
    enabled: row.enabled,
    createdOn: row.created_at.toISOString(),
  };
}

/** Cleared wins: an occurrence cleared before anyone acknowledged it shows as cleared. */
export function alarmState(row: { acknowledged_at: Date | null; cleared_at: Date | null }): AlarmState {
  if (row.cleared_at) return 'cleared';
  return row.acknowledged_at ? 'acknowledged' : 'active';
}

export function presentAlarm(row: AlarmRow): Alarm {
  return {
    publicId: row.public_id,
    state: alarmState(row),
    severity: row.severity,
    condition: {
      publicId: row.condition_public_id,
      name: row.condition_name,
      kind: row.condition_kind,
      threshold: row.condition_threshold,
    },
    agent: { publicId: row.agent_public_id, name: row.agent_name },
    tag: { publicId: row.tag_public_id, name: row.tag_name, unit: row.tag_unit },
    raisedOn: row.raised_at.toISOString(),
    value: row.value,
    acknowledgedOn: row.acknowledged_at?.toISOString() ?? null,
    acknowledgedBy:
      row.acknowledged_by_public_id && row.acknowledged_by_name !== null
        ? { publicId: row.acknowledged_by_public_id, name: row.acknowledged_by_name }
        : null,
    comment: row.comment,
    clearedOn: row.cleared_at?.toISOString() ?? null,
  };
}
