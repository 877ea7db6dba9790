import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/notify.tsx';
import type { ConnectorStatus } from './connector-client.ts';
import { connectErrorKey, firstErrorCode, isAccessEnded, vpnTimings } from './vpn-rules.ts';

/**
 * Connect errors as a 5 s snack bar, debounced 500 ms so a burst of steps shows one message.
 * Only a connect that ends now counts: the code an idle connector keeps from an earlier
 * session is not news. Access that ended (relay close 4001, code 13) opens its own dialog.
 */
export function useConnectErrors(status: ConnectorStatus | null) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const [accessExpired, setAccessExpired] = useState(false);
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
    if (isAccessEnded(status.code, status.message)) setAccessExpired(true);
    else showError(t(`vpn.connectErrors.${connectErrorKey(status.code)}`));
  }, [status, showError, t]);

  useEffect(() => () => clearTimeout(timer.current), []);
  return { accessExpired, closeAccessExpired: () => setAccessExpired(false), showError };
}
