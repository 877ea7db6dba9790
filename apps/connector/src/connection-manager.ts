import type { LogBuffer } from './log-buffer.ts';
import type { StatusStore } from './status.ts';
import { TunnelSession, type SessionRequest } from './tunnel-session.ts';

/**
 * The connector holds at most one session, and it belongs to the user who opened it (the token's
 * user, whichever of their browsers): they may replace it with a connect to another device or end
 * it; another user signed in on the same computer gets a refusal and cannot tear it down.
 */
export class ConnectionManager {
  readonly #status: StatusStore;
  readonly #log: LogBuffer;
  #session: TunnelSession | undefined;

  constructor(status: StatusStore, log: LogBuffer) {
    this.#status = status;
    this.#log = log;
  }

  get active(): TunnelSession | undefined {
    return this.#session;
  }

  /** Starts a connect in the background; refuses while another user's session is active. */
  async connect(request: SessionRequest): Promise<'started' | 'busy'> {
    const previous = this.#session;
    if (previous && previous.request.owner.publicId !== request.owner.publicId) return 'busy';
    const session = new TunnelSession(request, {
      // A replaced session may still report its end; only the current one speaks for the status.
      report: (change) => {
        if (this.#session === session) this.#status.set({ ...change, owner: request.owner });
      },
      log: (line) => this.#log.write(line),
    });
    this.#session = session;
    void session.done.then(() => {
      if (this.#session === session) this.#session = undefined;
    });
    if (previous) await previous.end();
    this.#log.write(`connect to device ${request.agentId} (company ${request.companyId}) requested`);
    void session.start();
    return 'started';
  }

  /** Ends the session of this user; 'forbidden' for another user's. */
  async disconnect(userId: string): Promise<'ended' | 'idle' | 'forbidden'> {
    const session = this.#session;
    if (!session) return 'idle';
    if (session.request.owner.publicId !== userId) return 'forbidden';
    this.#log.write('disconnect requested');
    await session.end();
    return 'ended';
  }

  /** Ends whatever is active (the connector is stopping). */
  async close() {
    await this.#session?.end({ code: 0, message: 'Connector stopped' });
  }
}
