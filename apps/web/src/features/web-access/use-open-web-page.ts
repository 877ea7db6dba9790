import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Agent, AgentServer } from '@fleetgate/contracts';
import { useNotify } from '../../components/notify.tsx';
import { openWebPage, webAccessErrorText } from './open-web-page.ts';
import { createWebAccessSession } from './web-access-api.ts';

/** Open for one web service: a new tab with the device's page, or a message saying why not. */
export function useOpenWebPage() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  return useCallback(
    (agent: Pick<Agent, 'publicId'>, server: Pick<AgentServer, 'publicId' | 'name'>) =>
      openWebPage({
        openTab: () => window.open('', '_blank'),
        create: () => createWebAccessSession(agent.publicId, server.publicId),
        onError: (error) => notify(webAccessErrorText(t, error), { key: 'web-access-error' }),
        onBlocked: (url) =>
          notify(t('webAccess.blocked', { name: server.name }), {
            key: 'web-access-error',
            durationMs: null,
            // A click on the message is a new gesture, which the blocker lets through.
            action: {
              label: t('webAccess.openAnyway'),
              onClick: () => void window.open(url, '_blank', 'noopener'),
            },
          }),
      }),
    [notify, t],
  );
}
