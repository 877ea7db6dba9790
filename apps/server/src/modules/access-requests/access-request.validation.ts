import {
  accessRequestCreateInput,
  accessRequestDurations,
  accessRequestErrors,
  errorMessages,
  type ApiErrorItem,
} from '@fleetgate/contracts';
import type { z } from 'zod';
import { ApiError, parseInput } from '../../http/errors.ts';
import type { RequestAgent } from './access-request.repository.ts';

export type AccessRequestInput = z.output<typeof accessRequestCreateInput>;

/**
 * Parses a create payload, reporting with the request form's own messages (REQUIRED, invalid
 * date and time) so the dialog shows the server's verdict the way it shows its own.
 */
export function parseAccessRequestInput(body: unknown): AccessRequestInput {
  try {
    return parseInput(accessRequestCreateInput, body);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new ApiError(400, error.items.map(toFormMessage));
  }
}

function toFormMessage(item: ApiErrorItem): ApiErrorItem {
  const property = item.propertyName;
  const emptyApprovers = property === 'allowedApprovers' && item.message.startsWith('Too few items');
  if (item.message === errorMessages.required || emptyApprovers)
    return { ...item, message: accessRequestErrors.required };
  if ((property === 'start' || property === 'end') && item.message === errorMessages.invalid)
    return { ...item, message: accessRequestErrors.invalidDateTime };
  return item;
}

const minute = 60_000;

/** Start not before the current minute (the picker's resolution); a duration the dialog offers. */
export function checkTimes(input: AccessRequestInput, now: Date): ApiErrorItem[] {
  const start = Date.parse(input.start);
  const end = Date.parse(input.end);
  const errors: ApiErrorItem[] = [];
  if (start < Math.floor(now.getTime() / minute) * minute)
    errors.push({ message: accessRequestErrors.invalidDateTime, propertyName: 'start' });
  const minutes = (end - start) / minute;
  if (!(accessRequestDurations as readonly number[]).includes(minutes))
    errors.push({ message: accessRequestErrors.durationNotOffered, propertyName: 'end' });
  return errors;
}

/** VPN only with a VPN restriction; services unless VPN; every service and approver once. */
export function checkScope(input: AccessRequestInput, agent: RequestAgent): ApiErrorItem[] {
  const errors: ApiErrorItem[] = [];
  if (input.vpn && !agent.vpnLocked && !agent.vpnRequireAccessApproval)
    errors.push({ message: accessRequestErrors.vpnNotOffered, propertyName: 'vpn' });
  if (!input.vpn && input.servers.length === 0)
    errors.push({ message: accessRequestErrors.required, propertyName: 'servers' });
  errors.push(...duplicates(input.servers, 'servers.publicId'));
  errors.push(...duplicates(input.allowedApprovers, 'allowedApprovers.publicId'));
  return errors;
}

function duplicates(items: { publicId: string }[], propertyName: string): ApiErrorItem[] {
  const seen = new Set<string>();
  const errors: ApiErrorItem[] = [];
  items.forEach(({ publicId }, listIndex) => {
    if (seen.has(publicId)) errors.push({ message: errorMessages.duplicate, propertyName, listIndex });
    seen.add(publicId);
  });
  return errors;
}
