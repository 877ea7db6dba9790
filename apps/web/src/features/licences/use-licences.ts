import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivationPayload, PerAgentApp } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { useLiveEvent } from '../../api/live-events.tsx';
import { useCompanyId } from '../../auth/session.ts';
import { fetchAll } from '../users/fetch-all.ts';
import type { AgentWithApps, Licence } from './licence-wire.ts';

export const licenceListKey = ['LicenceList'] as const;
export const bundleListKey = ['LicenceBundleList'] as const;
const licenceFields = '*';

/** The company's plain licences (`GET LicenceList`). */
export function useLicences(enabled = true) {
  const company = useCompanyId();
  return useQuery({
    queryKey: [...licenceListKey, company],
    queryFn: () => fetchAll<Licence>('LicenceList', { fields: licenceFields }),
    enabled: enabled && company !== null,
  });
}

/** The company's licence bundles (`GET LicenceBundleList`). */
export function useLicenceBundles() {
  const company = useCompanyId();
  return useQuery({
    queryKey: [...bundleListKey, company],
    queryFn: () => fetchAll<Licence>('LicenceBundleList', { fields: licenceFields }),
    enabled: company !== null,
  });
}

/** The company's devices by name, for the bundle's device picker. */
export function useDeviceOptions(enabled: boolean) {
  const company = useCompanyId();
  return useQuery({
    queryKey: ['AgentList', 'names', company],
    queryFn: () => fetchAll<AgentWithApps>('AgentList', { fields: 'publicId,name' }),
    enabled: enabled && company !== null,
  });
}

/** After any activation change the licences' seats and the agents' states are read again. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [licenceListKey, bundleListKey, ['AgentList'], ['Agent']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

const activateRel: Record<PerAgentApp, string> = {
  dataLogging: 'AgentAppLoggingListActivate',
  alarming: 'AgentAppAlarmingListActivate',
};
const deactivateRel: Record<PerAgentApp, string> = {
  dataLogging: 'AgentAppLogging',
  alarming: 'AgentAppAlarming',
};

/** `POST AgentAppLoggingListActivate` / `AgentAppAlarmingListActivate` with the §5 payload. */
export function useActivateApp(app: PerAgentApp) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (body: ActivationPayload) => apiData<unknown>(activateRel[app], { method: 'POST', body }),
    onSettled: refresh,
  });
}

/** `DELETE AgentAppLogging/{publicId}` / `AgentAppAlarming/{publicId}` (the agent's publicId). */
export function useDeactivateApp(app: PerAgentApp) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (agentPublicId: string) =>
      apiData<unknown>(deactivateRel[app], { method: 'DELETE', params: { publicId: agentPublicId } }),
    onSettled: refresh,
  });
}

/** `POST AgentLicenceBundleActivate`: one seat of the bundle activates its apps on the agent. */
export function useActivateBundle() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ agent, bundle }: { agent: string; bundle: string }) =>
      apiData<unknown>('AgentLicenceBundleActivate', {
        method: 'POST',
        body: { publicId: agent, bundle: { publicId: bundle } },
      }),
    onSettled: refresh,
  });
}

/** `DELETE AgentLicenceBundles/{agentId}` with the bundle to take off the agent. */
export function useRemoveBundle() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ agent, bundle }: { agent: string; bundle: string }) =>
      apiData<unknown>('AgentLicenceBundles', {
        method: 'DELETE',
        params: { agentId: agent, publicId: agent },
        body: [{ publicId: bundle }],
      }),
    onSettled: refresh,
  });
}

/** `POST LicenceBundleExtend/{publicId}` with a coupon code; answers the extended bundle. */
export function useExtendBundle() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ bundle, couponCode }: { bundle: string; couponCode: string }) =>
      apiData<Licence>('LicenceBundleExtend', {
        method: 'POST',
        params: { publicId: bundle },
        body: { couponCode: couponCode.trim() },
      }),
    onSettled: refresh,
  });
}

/** Keeps the licences' seats and the agents' app states current while another user or tab changes them. */
export function useLicencesLiveUpdates() {
  const queryClient = useQueryClient();
  useLiveEvent('LicencesChanged', ({ agent }) => {
    void queryClient.invalidateQueries({ queryKey: licenceListKey });
    void queryClient.invalidateQueries({ queryKey: bundleListKey });
    void queryClient.invalidateQueries({ queryKey: ['AgentList'] });
    void queryClient.invalidateQueries({ queryKey: agent ? ['Agent', agent.publicId] : ['Agent'] });
  });
}
