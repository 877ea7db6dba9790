import { createContext, useContext } from 'react';
import type { Agent } from '@fleetgate/contracts';
import type { ConnectorStatus } from './connector-client.ts';
import type { ReleaseDocument } from './release-document.ts';
import type { ConnectorState } from './vpn-rules.ts';

export type VpnContextValue = {
  /** `checking` until the first answer (or silence) of the connector. */
  connector: ConnectorState | 'checking';
  /** The connector's last status; null while it has not answered. */
  status: ConnectorStatus | null;
  mobile: boolean;
  release: ReleaseDocument | undefined;
  /** Spec §5 "Connect": checks, consent, installer, then `POST /connect`. */
  connect: (agent: Agent) => void;
  disconnect: () => Promise<void>;
  /** Restarts the connector bootstrap (Retry). */
  retryConnector: () => void;
  openInfo: (agentId?: string) => void;
  openInstaller: (agent?: Agent) => void;
  /** Resolves true when logging out may go on (asks first while a VPN connection is active). */
  confirmLogOut: () => Promise<boolean>;
};

export const VpnContext = createContext<VpnContextValue | null>(null);

export function useVpn(): VpnContextValue {
  const value = useContext(VpnContext);
  if (!value) throw new Error('useVpn needs the VpnProvider (mounted by the shell)');
  return value;
}

/** The VPN feature where it may be absent (outside the shell): null then. */
export function useOptionalVpn(): VpnContextValue | null {
  return useContext(VpnContext);
}
