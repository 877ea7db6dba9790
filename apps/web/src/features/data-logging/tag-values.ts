import type { AgentLoggingState, Tag } from '@fleetgate/contracts';

export type TagValue = { publicId: string; time: string; value: number };

/**
 * The tags with the newest values of a `TagValuesChanged` put on them; a value older than the one
 * shown (events can arrive out of order after a reconnect) is ignored.
 */
export function withTagValues(tags: Tag[] | undefined, values: readonly TagValue[]): Tag[] | undefined {
  if (!tags) return tags;
  const newest = new Map<string, TagValue>();
  for (const value of values) {
    const seen = newest.get(value.publicId);
    if (!seen || seen.time < value.time) newest.set(value.publicId, value);
  }
  return tags.map((tag) => {
    const value = newest.get(tag.publicId);
    if (!value || (tag.last && tag.last.time >= value.time)) return tag;
    return { ...tag, last: { time: value.time, value: value.value } };
  });
}

/** A value as the screens show it: booleans as on/off, numbers with up to four decimals. */
export function formatTagValue(tag: Pick<Tag, 'dataType'>, value: number, locale?: string): string {
  if (tag.dataType === 'bool') return value !== 0 ? '1' : '0';
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(value);
}

/** The logging state with a newer last sample, if `time` is newer than the one it has. */
export function withLastSample(state: AgentLoggingState, time: string): AgentLoggingState {
  return state.lastSampleOn !== null && state.lastSampleOn >= time ? state : { ...state, lastSampleOn: time };
}
