import { useState } from 'react';
import Alert from '@mui/material/Alert';
import type { ReportSchedule } from '@fleetgate/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error.ts';
import { hasCapability, useCurrentUser } from '../../auth/current-user.tsx';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog.tsx';
import { useNotify } from '../../components/notify.tsx';
import {
  describeScheduleError,
  scheduleCreateBody,
  type ReportScheduleFormValues,
} from './report-schedule-form.ts';
import { browserTimeZone } from './report-periods.ts';
import { ReportScheduleDialog } from './ReportScheduleDialog.tsx';
import { ScheduledReportsList } from './ScheduledReportsList.tsx';
import {
  useCreateReportSchedule,
  useDeviceReportSchedules,
  useRemoveReportSchedule,
  useScheduleMembers,
} from './use-report-schedules.ts';
import { useDeviceReportPages, type ReportDeviceKind } from './use-reports.ts';

const noticeMs = 3000;

/**
 * "Scheduled reports" of a device: the previous day, week or month e-mailed to chosen members.
 * Shown to holders of `pages.manage` (the server's right for schedules). Members are listed with
 * `users.invite`; without it, the only recipient offered is the user themself.
 */
export function ScheduledReports({ kind, publicId }: { kind: ReportDeviceKind; publicId: string }) {
  const { t, i18n } = useTranslation();
  const { notify } = useNotify();
  const user = useCurrentUser();
  const allowed = hasCapability(user, 'pages.manage');
  const listsMembers = hasCapability(user, 'users.invite');
  const schedules = useDeviceReportSchedules(kind, publicId, allowed);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ReportSchedule | null>(null);
  const pages = useDeviceReportPages(kind, publicId, allowed && adding);
  const users = useScheduleMembers(allowed && adding && listsMembers);
  const create = useCreateReportSchedule();
  const remove = useRemoveReportSchedule();

  if (!allowed) return null;
  if (schedules.isError && schedules.error instanceof ApiError && schedules.error.status === 403) return null;

  const formatDate = (value: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(
      new Date(value),
    );
  const members = listsMembers && users.data ? users.data : [{ publicId: user.publicId, name: user.name }];

  const handleCreate = async (values: ReportScheduleFormValues) => {
    await create.mutateAsync(scheduleCreateBody(values, kind, publicId));
    setAdding(false);
    notify(t('reports.schedules.added'), { durationMs: noticeMs });
  };

  const handleConfirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.publicId, {
      onSuccess: () => notify(t('reports.schedules.deleted'), { durationMs: noticeMs }),
      onError: (error) => notify(describeScheduleError(t, error), { durationMs: noticeMs }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      {schedules.isError && <Alert severity="error">{describeScheduleError(t, schedules.error)}</Alert>}
      {schedules.isSuccess && (
        <ScheduledReportsList
          schedules={schedules.data}
          formatDate={formatDate}
          onAdd={() => setAdding(true)}
          onDelete={setDeleting}
        />
      )}
      {adding && (pages.isSuccess || pages.isError) && (
        <ReportScheduleDialog
          pages={(pages.data ?? []).map((page) => ({
            publicId: page.publicId,
            title: page.publishedVersion?.title ?? page.title,
          }))}
          members={members}
          me={user.publicId}
          timeZone={browserTimeZone()}
          membersHint={listsMembers ? undefined : t('reports.schedules.dialog.onlyYou')}
          pagesError={pages.isError ? describeScheduleError(t, pages.error) : undefined}
          onSubmit={handleCreate}
          onClose={() => setAdding(false)}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          title={t('reports.schedules.confirmDelete.title')}
          body={t('reports.schedules.confirmDelete.body', { title: deleting.report.title })}
          confirmLabel={t('reports.schedules.delete')}
          cancelLabel={t('reports.queue.cancel')}
          busy={remove.isPending}
          onConfirm={handleConfirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
