import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyUser, ReportSchedule } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { useCompanyId } from '../../auth/session.ts';
import { fetchAll } from '../users/fetch-all.ts';
import { usersKey } from '../users/use-users.ts';
import type { ReportScheduleCreateBody } from './report-schedule-form.ts';
import type { ReportDeviceKind } from './use-reports.ts';

const schedulesKey = (company: string | null) => ['ReportSchedules', company] as const;

/**
 * The device's scheduled reports: `GET ReportScheduleList` answers those of every device the
 * caller sees (a handful per company), so the device's are picked here.
 */
export function useDeviceReportSchedules(kind: ReportDeviceKind, publicId: string, enabled: boolean) {
  const company = useCompanyId();
  return useQuery({
    queryKey: schedulesKey(company),
    queryFn: () => apiData<ReportSchedule[]>('ReportScheduleList'),
    select: (schedules) => schedules.filter((schedule) => schedule[kind]?.publicId === publicId),
    enabled: enabled && company !== null,
    retry: false,
  });
}

/** Adds a scheduled report (`POST ReportScheduleList`). */
export function useCreateReportSchedule() {
  const queryClient = useQueryClient();
  const company = useCompanyId();
  return useMutation({
    mutationFn: (body: ReportScheduleCreateBody) =>
      apiData<ReportSchedule>('ReportScheduleList', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: schedulesKey(company) }),
  });
}

/** Removes a scheduled report (`DELETE ReportSchedule/{publicId}`). */
export function useRemoveReportSchedule() {
  const queryClient = useQueryClient();
  const company = useCompanyId();
  return useMutation({
    mutationFn: (publicId: string) =>
      apiData<ReportSchedule>('ReportSchedule', { method: 'DELETE', params: { publicId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: schedulesKey(company) }),
  });
}

/** The company's members to choose recipients from (`UserList`, which needs `users.invite`). */
export function useScheduleMembers(enabled: boolean) {
  return useQuery({
    queryKey: usersKey,
    queryFn: () => fetchAll<CompanyUser>('UserList'),
    enabled,
  });
}
