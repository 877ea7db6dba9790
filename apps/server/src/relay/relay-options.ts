import { webAccessIdleMinutes } from '@fleetgate/contracts';

/** Tunables of the relay; defaults for production, tests inject short ones through buildApp. */
export type RelayOptions = {
  /** Agent connection attempts closer together than this count towards the rate limit. */
  windowSeconds: number;
  /** From this many attempts in a row the limit is soft (retry after 30 s, later 5 min). */
  softAfterAttempts: number;
  /** From this many attempts in a row the limit is hard (refused until a user resets it). */
  hardAfterAttempts: number;
  /** How often every open client session is checked against the access rules again. */
  revalidateMs: number;
  /** Ping interval; a peer that did not answer the previous ping is dropped. */
  heartbeatMs: number;
  /** How often counted bytes are written to client_sessions and company_data_usage. */
  usageFlushMs: number;
  /**
   * Open streams per client session. Each may have one flow-control window (1 MiB) in flight
   * per direction, queued in the relay when a side reads slowly: this bounds a session's memory.
   */
  maxStreamsPerSession: number;
  /** A web access session without an open connection ends after this long. */
  webAccessIdleMs: number;
  /** How often this process beats its registration's heartbeat and sweeps dead processes. */
  processHeartbeatMs: number;
  /** A registration whose heartbeat is older than this belongs to a dead process. */
  processStaleMs: number;
};

export const defaultRelayOptions: RelayOptions = {
  windowSeconds: 600,
  softAfterAttempts: 5,
  hardAfterAttempts: 30,
  revalidateMs: 5000,
  heartbeatMs: 20_000,
  usageFlushMs: 5000,
  maxStreamsPerSession: 64,
  webAccessIdleMs: webAccessIdleMinutes * 60_000,
  processHeartbeatMs: 5000,
  processStaleMs: 15_000,
};
