import type { TFunction } from 'i18next';
import { z } from 'zod';
import { reportErrors, reportScheduleFrequencies, type ReportScheduleFrequency } from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import { describeError } from '../../api/error-text.ts';
import type { ReportDeviceKind } from './use-reports.ts';

export type ReportScheduleFormValues = {
  report: string;
  frequency: ReportScheduleFrequency;
  timeZone: string;
  recipients: string[];
};

export type ReportScheduleCreateBody = {
  report: { publicId: string };
  agent?: { publicId: string };
  asset?: { publicId: string };
  frequency: ReportScheduleFrequency;
  timeZone: string;
  recipients: { publicId: string }[];
};

/** The fields the server may name in an error (`recipients` with the list index). */
export const scheduleErrorFields = ['report', 'frequency', 'timeZone', 'recipients'] as const;

export function reportScheduleSchema(t: TFunction) {
  const required = t('reports.schedules.dialog.required');
  return z.object({
    report: z.string().min(1, required),
    frequency: z.enum(reportScheduleFrequencies),
    timeZone: z.string().min(1, required).max(64),
    recipients: z.array(z.string()).min(1, t('reports.schedules.dialog.recipientsRequired')).max(100),
  });
}

export function defaultScheduleValues(timeZone: string, me: string): ReportScheduleFormValues {
  return { report: '', frequency: 'daily', timeZone, recipients: [me] };
}

/** The body of `POST ReportScheduleList` for this device. */
export function scheduleCreateBody(
  values: ReportScheduleFormValues,
  kind: ReportDeviceKind,
  publicId: string,
): ReportScheduleCreateBody {
  return {
    report: { publicId: values.report },
    [kind]: { publicId },
    frequency: values.frequency,
    timeZone: values.timeZone,
    recipients: values.recipients.map((recipient) => ({ publicId: recipient })),
  };
}

type ErrorKey = `reports.schedules.errors.${'scheduleLimit' | 'notPublished' | 'timeZoneInvalid'}`;

const keys = new Map<string, ErrorKey>([
  [reportErrors.scheduleLimit, 'reports.schedules.errors.scheduleLimit'],
  [reportErrors.notPublished, 'reports.schedules.errors.notPublished'],
  [reportErrors.timeZoneInvalid, 'reports.schedules.errors.timeZoneInvalid'],
]);

/**
 * The server's schedule messages in the user's words. A recipient who is not found is named by
 * its place in the list, so the message says which of the chosen members it is.
 */
export function localizeScheduleError(
  error: unknown,
  t: TFunction,
  recipientName: (index: number) => string | undefined = () => undefined,
): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(
    error.status,
    error.errors.map((item) => {
      const name =
        (item.listIndex === undefined ? undefined : recipientName(item.listIndex)) ??
        t('reports.schedules.errors.thisMember');
      if (item.propertyName === 'recipients' && error.status === 404)
        return { ...item, message: t('reports.schedules.errors.recipientUnknown', { name }) };
      if (item.message === reportErrors.recipientCannotRead)
        return { ...item, message: t('reports.schedules.errors.recipientCannotRead', { name }) };
      const key = keys.get(item.message);
      return key ? { ...item, message: t(key) } : item;
    }),
    error.retryAfterSeconds,
  );
}

/** One sentence for a failed schedule call (deleting). */
export function describeScheduleError(t: TFunction, error: unknown): string {
  return describeError(t, localizeScheduleError(error, t));
}
