import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribeToGatewayTimeouts } from '../../app/failure-handling.ts';
import { useNotify } from '../notify.tsx';

/** Portal spec §8: an HTTP 504 shows "Gateway Timeout error" for 4 s; the page stays. */
export const gatewayTimeoutMs = 4000;

export function GatewayTimeoutNotice() {
  const { t } = useTranslation();
  const { notify } = useNotify();

  useEffect(
    () =>
      subscribeToGatewayTimeouts(() =>
        notify(t('errors.gatewayTimeout'), { key: 'gateway-timeout', durationMs: gatewayTimeoutMs }),
      ),
    [notify, t],
  );

  return null;
}
