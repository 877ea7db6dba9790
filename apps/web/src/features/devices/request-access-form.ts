import { z } from 'zod';
import type { TFunction } from 'i18next';
import {
  accessRequestDurations,
  accessRequestErrors,
  accessRequestReasonMaxLength,
  type AccessRequestApprover,
} from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';

/** The services option standing for VPN access to the whole device (not a server id). */
export const vpnOption = 'vpn';

export type RequestFormValues = {
  /** Server publicIds, plus `vpnOption` when VPN access is asked for. */
  services: string[];
  /** Approver publicIds. */
  approvers: string[];
  reason: string;
  /** Minutes as text, as the select keeps it; '' until chosen. */
  duration: string;
  start: Date | null;
};

export const requestFormFields = ['services', 'approvers', 'reason', 'duration', 'start'] as const;

export function startOfMinute(date: Date): Date {
  const copy = new Date(date);
  copy.setSeconds(0, 0);
  return copy;
}

export function requestFormDefaults(now: Date): RequestFormValues {
  return { services: [], approvers: [], reason: '', duration: '', start: now };
}

/**
 * Whether `approver` may approve every selected service. VPN itself is approved by any approver
 * (the server's rule: only services carry an approver restriction, through their service group).
 */
export function canApproveAll(approver: AccessRequestApprover, services: readonly string[]): boolean {
  const allowed = new Set(approver.servers.map((server) => server.publicId));
  return services.every((id) => id === vpnOption || allowed.has(id));
}

export type RequestFormContext = {
  approvers: readonly AccessRequestApprover[];
  /** The start the form opened with: it stands for "now" and stays valid while untouched. */
  defaultStart: Date;
  now: () => Date;
};

function isValidDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

export function requestFormSchema(t: TFunction, context: RequestFormContext) {
  const required = t('devices.request.required');
  return z
    .object({
      services: z.array(z.string()).min(1, required),
      approvers: z.array(z.string()).min(1, required),
      reason: z
        .string()
        .trim()
        .min(1, required)
        .max(accessRequestReasonMaxLength, t('form.maxLength', { count: accessRequestReasonMaxLength })),
      duration: z.string().min(1, required),
      start: z.custom<Date | null>((value) => value === null || value instanceof Date),
    })
    .superRefine((values, ctx) => {
      const { start } = values;
      if (start === null) {
        ctx.addIssue({ code: 'custom', path: ['start'], message: required });
      } else if (
        !isValidDate(start) ||
        (start.getTime() !== context.defaultStart.getTime() &&
          start.getTime() < startOfMinute(context.now()).getTime())
      ) {
        ctx.addIssue({ code: 'custom', path: ['start'], message: t('devices.request.invalidDateTime') });
      }
      const byId = new Map(context.approvers.map((approver) => [approver.publicId, approver]));
      for (const id of values.approvers) {
        const approver = byId.get(id);
        if (approver && !canApproveAll(approver, values.services)) {
          ctx.addIssue({
            code: 'custom',
            path: ['approvers'],
            message: t('devices.request.approverNotAllowed', { name: approver.name }),
          });
          break;
        }
      }
    });
}

export type AccessRequestPayload = {
  allowedApprovers: { publicId: string }[];
  servers: { publicId: string }[];
  vpn: boolean;
  reason: string;
  start: string;
  end: string;
};

/** The create payload; an untouched start means "now" at the moment of sending. */
export function requestPayloadOf(
  values: RequestFormValues,
  startTouched: boolean,
  now: Date,
): AccessRequestPayload {
  const start = startTouched && values.start ? values.start : now;
  const end = new Date(start.getTime() + Number(values.duration) * 60_000);
  return {
    allowedApprovers: values.approvers.map((publicId) => ({ publicId })),
    servers: values.services.filter((id) => id !== vpnOption).map((publicId) => ({ publicId })),
    vpn: values.services.includes(vpnOption),
    reason: values.reason.trim(),
    start: start.toISOString(),
    end: end.toISOString(),
  };
}

/** Fails a load that takes longer than `ms`, so a dialog can say so instead of spinning on. */
export function withinWait<T>(load: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}

/** "30 minutes" … "90 minutes", then whole hours. */
export function durationLabel(t: TFunction, minutes: number): string {
  return minutes < 120
    ? t('devices.request.minutes', { count: minutes })
    : t('devices.request.hours', { count: minutes / 60 });
}

export const durationOptions: readonly number[] = accessRequestDurations;

const fieldOfProperty: Record<string, (typeof requestFormFields)[number]> = {
  servers: 'services',
  vpn: 'services',
  allowedApprovers: 'approvers',
  reason: 'reason',
  start: 'start',
  end: 'duration',
};

const messageKeys: Partial<Record<string, string>> = {
  [accessRequestErrors.required]: 'devices.request.required',
  [accessRequestErrors.invalidDateTime]: 'devices.request.invalidDateTime',
  [accessRequestErrors.approverNotAllowed]: 'devices.request.approverCannot',
  [accessRequestErrors.vpnNotOffered]: 'devices.request.vpnNotOffered',
  [accessRequestErrors.durationNotOffered]: 'devices.request.durationNotOffered',
  [accessRequestErrors.noAgentReference]: 'devices.request.noAgentReference',
};

/**
 * The server's errors in the form's terms: `allowedApprovers[0].publicId` belongs to the
 * approvers field, `end` to the duration, and this feature's messages are translated.
 */
export function localizeRequestError(error: unknown, t: TFunction): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(
    error.status,
    error.errors.map((item) => {
      const root = item.propertyName?.split(/[.[]/)[0];
      const field = root === undefined ? undefined : fieldOfProperty[root];
      const key = messageKeys[item.message];
      return {
        ...item,
        ...(field ? { propertyName: field } : {}),
        message: key ? t(key as 'devices.request.required') : item.message,
      };
    }),
  );
}
