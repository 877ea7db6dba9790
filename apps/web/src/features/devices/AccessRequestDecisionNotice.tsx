import { useTranslation } from 'react-i18next';
import { useLiveEvent } from '../../api/live-events.tsx';
import { useCurrentUser } from '../../auth/current-user.tsx';
import { useNotify } from '../../components/notify.tsx';

/** The approval-message snack bar lasts 4 s (portal spec §9). */
export const decisionNoticeMs = 4000;

const decided = new Set(['approved', 'rejected', 'revoked']);

/**
 * Tells the requester, wherever they are in the shell, when one of their access requests is
 * approved, rejected or revoked, naming who decided. Renders nothing itself.
 */
export function AccessRequestDecisionNotice() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { notify } = useNotify();
  useLiveEvent('AccessRequestChanged', (request) => {
    if (request.user.publicId !== user.publicId || !decided.has(request.status)) return;
    const status = request.status as 'approved' | 'rejected' | 'revoked';
    notify(
      t(`devices.decided.${status}`, { agent: request.agent.name, approver: request.approver?.name ?? '—' }),
      { durationMs: decisionNoticeMs, key: `access-request-${request.publicId}` },
    );
  });
  return null;
}
