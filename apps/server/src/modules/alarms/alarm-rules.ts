import type { AlarmConditionKind } from '@fleetgate/contracts';

export type Rule = { kind: AlarmConditionKind; threshold: number | null; hysteresis: number };

/**
 * Whether a value raises the condition. above/below raise at the threshold itself; equal raises
 * when the value is the threshold; changed raises when the value differs from the previous one
 * (no previous value: nothing to compare, no alarm).
 */
export function raises(rule: Rule, value: number, previous: number | null): boolean {
  const threshold = rule.threshold;
  switch (rule.kind) {
    case 'above':
      return threshold !== null && value >= threshold;
    case 'below':
      return threshold !== null && value <= threshold;
    case 'equal':
      return threshold !== null && value === threshold;
    case 'changed':
      return previous !== null && value !== previous;
  }
}

/**
 * Whether a value clears an open occurrence: only once it is back past the threshold by more
 * than the hysteresis (above: below threshold − hysteresis; below: above threshold +
 * hysteresis; equal: farther than the hysteresis from it). changed clears at the next sample
 * that is the same as the one before.
 */
export function clears(rule: Rule, value: number, previous: number | null): boolean {
  const threshold = rule.threshold;
  switch (rule.kind) {
    case 'above':
      return threshold === null || value < threshold - rule.hysteresis;
    case 'below':
      return threshold === null || value > threshold + rule.hysteresis;
    case 'equal':
      return threshold === null || Math.abs(value - threshold) > rule.hysteresis;
    case 'changed':
      return previous !== null && value === previous;
  }
}
