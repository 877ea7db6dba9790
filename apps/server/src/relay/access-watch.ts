import { formatAccessEndReason } from '@fleetgate/contracts';
import type { Db } from '../db/client.ts';
import { evaluateAccess } from '../modules/access/access.policy.ts';
import { sessionSignInBlockOf } from '../auth/sign-in-rules.ts';
import { accessEndReason, signInRulesEndReason } from './access-end.ts';
import { loadAgentFacts, type RelayAgentFacts } from './agent-facts.ts';

/** Whose access to what a relay session lasts on. */
export type AccessSubject = {
  userId: number;
  /** The agent's company, whose sign-in rules the member must keep meeting. */
  companyId: number;
  agentId: number;
  vpn: boolean;
  serverIds: number[];
  /** The sign-in's SSO company (null: not SSO); undefined where not known (see sessionSignInBlockOf). */
  ssoCompanyId?: number | null | undefined;
};

export type AccessWatchDeps = {
  db: Db;
  /** Whether the session still runs: a closed one is not checked any more. */
  isOpen: () => boolean;
  /** Access ended: the reason is the access error, or what became of the approved request. */
  onDenied: (reason: string) => void;
  onError: (error: unknown, what: string) => void;
};

/** setTimeout takes at most a 32-bit delay. */
const maxTimerMs = 2 ** 31 - 1;

/**
 * Keeps checking one session's access against the rules: when asked (events, the relay's
 * interval) and right when the approved request or temporary membership it relies on ends.
 * Checks coalesce: a call during a check runs one more check after it. Shared by the VPN
 * client sessions and the web access sessions, so both end for the same reasons.
 */
export class AccessWatch {
  readonly #subject: AccessSubject;
  readonly #deps: AccessWatchDeps;
  #facts: RelayAgentFacts | undefined;
  /** The approved request the last check relied on, to say what became of it when access ends. */
  #accessRequestId: number | null = null;
  /** When the last allowing check said access would end (an approved request or a temporary membership). */
  #until: Date | null = null;
  #untilTimer: NodeJS.Timeout | undefined;
  #checking: Promise<void> | undefined;
  #checkAgain = false;
  #stopped = false;

  constructor(subject: AccessSubject, deps: AccessWatchDeps) {
    this.#subject = subject;
    this.#deps = deps;
  }

  /** The agent's facts as of the last allowing check; undefined before one passed. */
  get facts(): RelayAgentFacts | undefined {
    return this.#facts;
  }

  /** Re-runs the access rules; a denial calls onDenied with its reason. Calls coalesce. */
  revalidate(): Promise<void> {
    if (this.#checking) {
      this.#checkAgain = true;
      return this.#checking;
    }
    this.#checking = this.#check()
      .catch((error: unknown) => this.#deps.onError(error, 'access check failed'))
      .finally(() => {
        this.#checking = undefined;
        if (this.#checkAgain) {
          this.#checkAgain = false;
          void this.revalidate();
        }
      });
    return this.#checking;
  }

  /** No more checks (the session closed). */
  stop() {
    this.#stopped = true;
    clearTimeout(this.#untilTimer);
    this.#untilTimer = undefined;
  }

  async #check() {
    if (this.#stopped || !this.#deps.isOpen()) return;
    const subject = this.#subject;
    const facts = await loadAgentFacts(this.#deps.db, subject.agentId);
    if (!facts) return this.#deps.onDenied('agent deleted');
    const existing = new Set(facts.servers.map((s) => s.id));
    const decision = await evaluateAccess(this.#deps.db, {
      userId: subject.userId,
      agent: facts,
      vpn: subject.vpn,
      serverIds: subject.vpn ? [] : subject.serverIds.filter((id) => existing.has(id)),
    });
    if (!decision.allowed) {
      const reason = await accessEndReason(this.#deps.db, this.#accessRequestId, decision.message);
      // Access that was to end by now (a temporary membership reached its end) expired.
      const expired = reason === decision.message && this.#until !== null && this.#until <= new Date();
      return this.#deps.onDenied(expired ? formatAccessEndReason({ reason: 'expired' }) : reason);
    }
    // Sign-in rules changed since the session opened (single sign-on or a second factor now
    // required) block the member here as they do in the API: the session ends like revoked access.
    if (await sessionSignInBlockOf(this.#deps.db, subject))
      return this.#deps.onDenied(await signInRulesEndReason(this.#deps.db, subject.companyId));
    this.#facts = facts;
    this.#accessRequestId = decision.accessRequestId;
    this.#until = decision.until;
    clearTimeout(this.#untilTimer);
    this.#untilTimer = undefined;
    if (decision.until && !this.#stopped) {
      // The approved request or a temporary membership ends: check again right then instead
      // of up to one interval later.
      const delay = Math.min(Math.max(decision.until.getTime() - Date.now() + 10, 0), maxTimerMs);
      this.#untilTimer = setTimeout(() => void this.revalidate(), delay);
      this.#untilTimer.unref();
    }
  }
}
