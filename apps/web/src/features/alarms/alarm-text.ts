import type { Alarm } from '@fleetgate/contracts';

/** The value with the tag's unit, as the alarm saw it. */
export function alarmValue(alarm: Pick<Alarm, 'value' | 'tag'>): string {
  return alarm.tag.unit ? `${alarm.value} ${alarm.tag.unit}` : String(alarm.value);
}
