import { z } from 'zod';

const reference = z.strictObject({ publicId: z.string().regex(/^[0-9a-z]{12}$/) });

/**
 * Reports: the published version of a page rendered to PDF for one device and period, by a
 * background job kept in the database (it survives a restart and runs once). The requester is
 * told in their inbox when it is ready or failed.
 */
export const reportJobStates = ['queued', 'running', 'done', 'failed'] as const;
export type ReportJobState = (typeof reportJobStates)[number];

export const reportLimits = {
  /** Longest period one report covers. */
  maxPeriodDays: 366,
  /** Queued or running reports per user. */
  pendingPerUser: 10,
  /** Tries before a job counts as failed. */
  attempts: 3,
  /** A report file is kept this long. */
  keepDays: 90,
  /** Scheduled reports per company. */
  schedulesPerCompany: 100,
} as const;

const isoDate = z.iso.datetime({ offset: true });

/**
 * `POST QueueReportList` (and `AgentQueueReportList/{agent}`, `AssetQueueReportList/{asset}`, which
 * take the device from the path): exactly one of agent or asset, the page (`report`), the period
 * and the IANA time zone the report's times are shown in.
 */
export const queueReportInput = z.strictObject({
  agent: reference.optional(),
  asset: reference.optional(),
  report: reference,
  start: isoDate,
  end: isoDate,
  timeZone: z.string().min(1).max(64),
});
export type QueueReportInput = z.input<typeof queueReportInput>;

export type ReportJob = {
  publicId: string;
  state: ReportJobState;
  /** 0–100 while running. */
  progress: number;
  report: { publicId: string; title: string };
  agent: { publicId: string; name: string } | null;
  asset: { publicId: string; name: string } | null;
  start: string;
  end: string;
  timeZone: string;
  requestedBy: { publicId: string; name: string } | null;
  /** Set when done: `GET ReportFile/{publicId}` answers the PDF. */
  fileName: string | null;
  sizeBytes: number | null;
  error: string | null;
  createdOn: string;
  finishedOn: string | null;
};

export const reportScheduleFrequencies = ['daily', 'weekly', 'monthly'] as const;
export type ReportScheduleFrequency = (typeof reportScheduleFrequencies)[number];

/** `POST ReportScheduleList`: the report of the previous day, week or month e-mailed to members. */
export const reportScheduleCreateInput = z.strictObject({
  report: reference,
  agent: reference.optional(),
  asset: reference.optional(),
  frequency: z.enum(reportScheduleFrequencies),
  timeZone: z.string().min(1).max(64),
  recipients: z.array(reference).min(1).max(100),
});
export const reportSchedulePatchInput = z.strictObject({
  frequency: z.enum(reportScheduleFrequencies).optional(),
  timeZone: z.string().min(1).max(64).optional(),
  recipients: z.array(reference).min(1).max(100).optional(),
});

export type ReportSchedule = {
  publicId: string;
  report: { publicId: string; title: string };
  agent: { publicId: string; name: string } | null;
  asset: { publicId: string; name: string } | null;
  frequency: ReportScheduleFrequency;
  timeZone: string;
  recipients: { publicId: string; name: string }[];
  nextRunOn: string;
  lastRunOn: string | null;
};

export const reportErrors = {
  deviceRequired: 'Give exactly one of agent or asset',
  periodInvalid: 'The end must be after the start',
  periodTooLong: 'The period is too long',
  timeZoneInvalid: 'Unknown time zone',
  notPublished: 'No published page',
  pendingLimit: 'Too many reports queued',
  notReady: 'The report is not ready',
  scheduleLimit: 'Too many scheduled reports',
  recipientCannotRead: 'Recipient does not see the device or the report',
  /** A job that failed because its requester (a schedule's creator) lost access. */
  requesterLostDevice: 'The requester no longer sees the device',
  requesterLostPage: 'The requester no longer sees the report page',
} as const;
