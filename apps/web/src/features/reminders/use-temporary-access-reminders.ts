import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TemporaryAccess } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { useLiveEvent } from '../../api/live-events.tsx';
import { escapeMarkdown } from '../../components/markup/escape-markdown.ts';
import { formatDateTime } from '../../components/format/format-date.ts';
import { temporaryAccessReminder, type Reminder } from './reminders.ts';

const queryKey = ['TemporaryAccessList'] as const;
/** An administrator may set an end at any time; the list is read again now and then. */
const refetchMs = 15 * 60_000;

/**
 * Reminders that my temporary access ends (portal spec §4), across all my companies, from
 * `TemporaryAccessList`. When access ends the server says so (AccessEnded): everything the
 * portal shows may then have changed (companies, devices, rights), so all of it is read again.
 */
export function useTemporaryAccessReminders(now: number): Reminder[] {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useLiveEvent('AccessEnded', () => void queryClient.invalidateQueries());
  const accesses = useQuery({
    queryKey,
    queryFn: () => apiData<TemporaryAccess[]>('TemporaryAccessList', { companyScoped: false }),
    refetchInterval: refetchMs,
  });
  return useMemo(
    () =>
      (accesses.data ?? []).map((access) => {
        const expiresOn = new Date(access.expiresOn);
        // Names are shown as they are, never read as markup.
        const values = {
          company: escapeMarkdown(access.company.name),
          group: escapeMarkdown(access.group?.name ?? ''),
          date: formatDateTime(expiresOn),
        };
        return temporaryAccessReminder({
          id: access.publicId,
          expiresOn,
          now,
          message: access.group
            ? t('reminders.temporaryGroupAccess', values)
            : t('reminders.temporaryAccess', values),
        });
      }),
    [accesses.data, t, now],
  );
}
