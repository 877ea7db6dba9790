import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Agent, Capability } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { useCurrentUser } from '../../auth/current-user.tsx';
import { useCompanyId, useSession } from '../../auth/session.ts';
import { useNotify } from '../../components/notify.tsx';
import { ConfirmLogoutDialog } from './ConfirmLogoutDialog.tsx';
import {
  connectorConnect,
  connectorDisconnect,
  ConnectorRefused,
  inUseMessage,
  type ConnectorStatus,
} from './connector-client.ts';
import { InstallerDialog } from './InstallerDialog.tsx';
import { connectorSeen, consentGiven, forceProtocol, giveConsent } from './local-values.ts';
import { fetchReleaseDocument } from './release-document.ts';
import { useConnectErrors } from './use-connect-errors.ts';
import { useConnector } from './use-connector.ts';
import { useUpdatePromo, useVpnFavicon } from './use-vpn-effects.ts';
import { VpnContext, type VpnContextValue } from './vpn-context.ts';
import { VpnInfoDialog } from './VpnInfoDialog.tsx';
import { VpnAccessEndedDialog, VpnConsentDialog } from './VpnNoticeDialogs.tsx';
import { IosIntroDialog } from './IosIntroDialog.tsx';
import { MobileConnectorDialog } from './MobileConnectorDialog.tsx';
import { isMobilePlatform, vpnTimings, type ConnectErrorKey } from './vpn-rules.ts';
import { VpnStatusBar } from './VpnStatusBar.tsx';

const agentQuery = (publicId: string) => ({
  queryKey: ['Agent', publicId] as const,
  queryFn: () => apiData<Agent>('Agent', { params: { publicId }, query: { fields: '*' } }),
});

type Confirming = { name: string; resolve: (ok: boolean) => void };

// The request form (with its date pickers) loads only when asked for again after access ended.
const RequestAccessDialog = lazy(() =>
  import('../devices/RequestAccessDialog.tsx').then((module) => ({ default: module.RequestAccessDialog })),
);

/** Users who see devices (the devices feature's rights) may use the VPN client. */
const deviceCapabilities: Capability[] = [
  'agents.connect',
  'agents.manage',
  'accessRequests.use',
  'accessRequests.manage',
];
/** The screens that show VPN features (Connect, the device's VPN state). */
const showsVpn = (pathname: string) => pathname === '/devices' || pathname.startsWith('/devices/');

/** The connector's refusal as the user reads it; "in use" names who holds it. */
function refusalKey(
  error: ConnectorRefused,
  status: ConnectorStatus | null,
): [ConnectErrorKey | 'inUseBy', string?] {
  if (error.reason === inUseMessage || error.status === 409)
    return status?.inUseBy ? ['inUseBy', status.inUseBy.name] : ['busy'];
  const keys: Record<number, ConnectErrorKey> = { 401: 'tokenInvalid', 403: 'notAllowed' };
  return [keys[error.status] ?? 'failed'];
}

/** The VPN client feature's state and its shell-wide snack bar and dialogs (mounted once by the shell). */
export function VpnProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { notify } = useNotify();
  const token = useSession()?.secretId;
  const user = useCurrentUser();
  const companyId = useCompanyId();
  const { pathname } = useLocation();
  const mobile = useMemo(() => isMobilePlatform(navigator.userAgent, navigator.maxTouchPoints), []);
  // Look for the connector (quietly) only for users who see devices, from the first screen that
  // shows VPN features on — or everywhere once this browser has had one, so a session shows.
  const mayUseVpn = deviceCapabilities.some((c) => user.capabilities.includes(c));
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (mayUseVpn && (showsVpn(pathname) || connectorSeen())) setWanted(true);
  }, [mayUseVpn, pathname]);
  const connector = useConnector(mobile || !wanted ? undefined : token, {
    found: t('vpn.notices.installationFound'),
    unable: t('vpn.notices.unableToCommunicate'),
    retry: t('vpn.retry'),
  });
  const release = useQuery({
    queryKey: ['VpnClientReleases', companyId],
    queryFn: () => fetchReleaseDocument(companyId),
    enabled: !mobile,
    staleTime: 3_600_000,
    retry: false,
  });
  const [info, setInfo] = useState<{ agentId: string | undefined } | null>(null);
  const [installer, setInstaller] = useState<{ agent: Agent | undefined } | null>(null);
  const [requestFor, setRequestFor] = useState<Agent | null>(null);
  const [consentFor, setConsentFor] = useState<Agent | null>(null);
  const [mobileNotice, setMobileNotice] = useState(false);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const status = connector.status;
  const current = status?.status ?? 'idle';
  // The Details link still needs the agent during the second the bar stays after idle.
  const lastAgentId = useRef<string | undefined>(undefined);
  if (status?.activeRequest) lastAgentId.current = status.activeRequest.agentId;
  const activeAgent = useQuery({
    ...agentQuery(lastAgentId.current ?? ''),
    enabled: lastAgentId.current !== undefined,
    retry: false,
  });

  const { accessEnded, closeAccessEnded, showError } = useConnectErrors(status);
  const endedAgent = useQuery({
    ...agentQuery(accessEnded?.agentId ?? ''),
    enabled: accessEnded !== null,
    retry: false,
  });
  const mayRequest = user.capabilities.includes('accessRequests.use') && accessEnded?.reason !== 'ended';
  useVpnFavicon(current === 'connected');
  useUpdatePromo(connector.state === 'found' ? status?.version : undefined, release.data, () =>
    setInfo({ agentId: status?.activeRequest?.agentId }),
  );

  const startConnect = useCallback(
    async (agent: Agent) => {
      if (!token || !companyId) return;
      try {
        const protocol = forceProtocol();
        await connector.request(() =>
          connectorConnect(token, {
            agentId: agent.publicId,
            companyId,
            userId: user.publicId,
            ...(protocol === 'tcp' ? {} : { forceProtocol: protocol }),
          }),
        );
      } catch (error) {
        if (!(error instanceof ConnectorRefused)) {
          setInstaller({ agent });
          return;
        }
        const [key, name] = refusalKey(error, connector.status);
        showError(t(`vpn.connectErrors.${key}`, { name }));
      }
    },
    [token, companyId, user.publicId, connector, showError, t],
  );

  const connect = useCallback(
    (agent: Agent) => {
      if (mobile) return setMobileNotice(true);
      // Spec §5: needs the token, the user and the company; otherwise nothing happens.
      if (!token || !user.publicId || !companyId) return;
      if (!agent.activeVpnSession?.vpnAddress) {
        notify(t('vpn.notices.deviceOffline'), { durationMs: vpnTimings.errorSnackMs, key: 'vpn-error' });
        return;
      }
      if (!consentGiven()) return setConsentFor(agent);
      setWanted(true);
      if (connector.state === 'found') return void startConnect(agent);
      // Not (yet) seen: look once more before offering the installer, so a connector started
      // since the page loaded connects at the first click.
      void connector.check().then((found) => (found ? startConnect(agent) : setInstaller({ agent })));
    },
    [mobile, token, user.publicId, companyId, connector, notify, startConnect, t],
  );

  // The installer connected by itself: once connected to its device it has done its work.
  useEffect(() => {
    if (
      installer?.agent &&
      status?.status === 'connected' &&
      status.activeRequest?.agentId === installer.agent.publicId
    )
      setInstaller(null);
  }, [installer, status]);

  const disconnect = useCallback(async () => {
    try {
      await connector.request(() => connectorDisconnect(token));
    } catch {
      // The WebSocket (or its loss) reports the real state.
    }
  }, [connector, token]);

  const confirmLogOut = useCallback(async () => {
    const agentId = status?.activeRequest?.agentId;
    if (!status || status.status === 'idle' || !agentId) return true;
    let name: string;
    try {
      name = (await queryClient.fetchQuery(agentQuery(agentId))).name;
    } catch {
      return true;
    }
    return new Promise<boolean>((resolve) => setConfirming({ name, resolve }));
  }, [status, queryClient]);

  const value = useMemo<VpnContextValue>(
    () => ({
      connector: connector.state,
      status,
      mobile,
      release: release.data,
      connect,
      disconnect,
      retryConnector: () => void connector.check(),
      openInfo: (agentId) => setInfo({ agentId }),
      openInstaller: (agent) => setInstaller({ agent }),
      confirmLogOut,
    }),
    [connector, status, mobile, release.data, connect, disconnect, confirmLogOut],
  );

  const finishConfirm = (ok: boolean) => {
    confirming?.resolve(ok);
    setConfirming(null);
  };

  return (
    <VpnContext value={value}>
      {children}
      <VpnStatusBar
        status={current}
        agentName={activeAgent.data?.name}
        onDetails={() => setInfo({ agentId: lastAgentId.current })}
      />
      {info && <VpnInfoDialog agentId={info.agentId} onClose={() => setInfo(null)} />}
      {installer && (
        <InstallerDialog
          check={connector.check}
          found={connector.state === 'found'}
          status={status}
          release={release.data}
          deviceName={installer.agent?.name}
          onConnect={installer.agent ? () => void startConnect(installer.agent!) : undefined}
          onClose={() => setInstaller(null)}
        />
      )}
      {consentFor && (
        <VpnConsentDialog
          onClose={() => {
            const agent = consentFor;
            giveConsent();
            setConsentFor(null);
            connect(agent);
          }}
        />
      )}
      {accessEnded && (
        <VpnAccessEndedDialog
          ended={accessEnded}
          deviceName={endedAgent.data?.name}
          onRequestAgain={
            mayRequest && endedAgent.data
              ? () => {
                  setRequestFor(endedAgent.data);
                  closeAccessEnded();
                }
              : undefined
          }
          onLogOut={() => {
            closeAccessEnded();
            void navigate('/logout');
          }}
          onClose={closeAccessEnded}
        />
      )}
      {requestFor && (
        <Suspense fallback={null}>
          <RequestAccessDialog agent={requestFor} onClose={() => setRequestFor(null)} />
        </Suspense>
      )}
      {mobileNotice && <MobileConnectorDialog onClose={() => setMobileNotice(false)} />}
      <IosIntroDialog />
      {confirming && <ConfirmLogoutDialog name={confirming.name} status={current} onClose={finishConfirm} />}
    </VpnContext>
  );
}
