import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/notify.tsx';
import type { AccessEnded, ConnectorStatus } from './connector-client.ts';
import { connectErrorKey, firstErrorCode, isAccessEnded, vpnTimings } from './vpn-rules.ts';

/**
 * Connect errors as a 5 s snack bar, debounced 500 ms so a burst of steps shows one message.
 * Only a connect that ends now counts: the code an idle connector keeps from an earlier
 * session is not news. Access that ended (relay close 4001, code 13) opens its own dialog, saying
 * whether it was revoked (by whom) or expired. The connector sends a session's errors only to
 * the user who owns it, so another user on this computer never sees them.
 */
export function useConnectErrors(status: ConnectorStatus | null) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const [accessEnded, setAccessEnded] = useState<AccessEnded | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const previous = useRef<ConnectorStatus | null>(null);

  const showError = useCallback(
    (message: string) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(
        () => notify(message, { durationMs: vpnTimings.errorSnackMs, key: 'vpn-error' }),
        vpnTimings.errorDebounceMs,
      );
    },
    [notify],
  );

  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (!status || !before || status.code < firstErrorCode) return;
    const ended = before.status !== 'idle' || before.code !== status.code;
    if (!ended) return;
    if (status.accessEnded) setAccessEnded(status.accessEnded);
    else if (isAccessEnded(status.code, status.message) && before.activeRequest) {
      // A connector from before reasons were sent: the device is the one it was connected to.
      setAccessEnded({ agentId: before.activeRequest.agentId, reason: 'ended', by: null });
    } else showError(t(`vpn.connectErrors.${connectErrorKey(status.code)}`));
  }, [status, showError, t]);

  useEffect(() => () => clearTimeout(timer.current), []);
  return { accessEnded, closeAccessEnded: () => setAccessEnded(null), showError };
}
