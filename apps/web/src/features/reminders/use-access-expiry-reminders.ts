import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { limits, type AccessRequest } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { useLiveEvent } from '../../api/live-events.tsx';
import { escapeMarkdown } from '../../components/markup/escape-markdown.ts';
import { accessExpiryReminder, type Reminder } from './reminders.ts';
import { formatTime } from '../../components/format/format-date.ts';

const queryKey = ['AccessRequestList', 'expiry-reminders'] as const;

/**
 * Reminders for the end of my approved access. The list is read again whenever a request
 * changes (approved, revoked); requests that end drop out by the reminders' own expiry.
 */
export function useAccessExpiryReminders(me: string, enabled: boolean): Reminder[] {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useLiveEvent('AccessRequestChanged', () => void queryClient.invalidateQueries({ queryKey }));
  const requests = useQuery({
    queryKey: [...queryKey, me],
    queryFn: () =>
      apiData<AccessRequest[]>('AccessRequestList', {
        query: {
          fields: 'publicId,agent,end',
          filters: [
            `eq(user.publicId,"${me}")`,
            'eq(status,"approved")',
            `gte(end,"${new Date().toISOString()}")`,
          ],
          'page-size': limits.pageSizeMax,
        },
      }),
    enabled,
  });
  return useMemo(
    () =>
      (requests.data ?? []).map((request) => {
        const end = new Date(request.end);
        return accessExpiryReminder({
          id: request.publicId,
          end,
          message: t('reminders.accessExpiry', {
            // The message is markup; the device's name is shown as it is, never read as markup.
            agent: escapeMarkdown(request.agent.name),
            time: formatTime(end),
          }),
        });
      }),
    [requests.data, t],
  );
}
