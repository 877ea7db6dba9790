import type { LogBuffer } from './log-buffer.ts';
import type { StatusStore } from './status.ts';
import { TunnelSession, type SessionRequest } from './tunnel-session.ts';

/**
 * The connector holds at most one session. The browser that connected (its controller id) owns
 * it: it may replace it with a connect to another device or end it; another browser gets a
 * refusal, so two portal tabs on different computers' ids cannot tear down each other's work.
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

  /** Starts a connect in the background; refuses while another controller's session is active. */
  async connect(request: SessionRequest): Promise<'started' | 'busy'> {
    const previous = this.#session;
    if (previous && previous.controllerId !== request.controllerId) return 'busy';
    const session = new TunnelSession(request, {
      // A replaced session may still report its end; only the current one speaks for the status.
      report: (change) => {
        if (this.#session === session) this.#status.set(change);
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

  /** Ends the session of this controller; 'forbidden' for another controller's. */
  async disconnect(controllerId: string): Promise<'ended' | 'idle' | 'forbidden'> {
    const session = this.#session;
    if (!session) return 'idle';
    if (session.controllerId !== controllerId) return 'forbidden';
    this.#log.write('disconnect requested');
    await session.end();
    return 'ended';
  }

  /** Ends whatever is active (the connector is stopping). */
  async close() {
    await this.#session?.end({ code: 0, message: 'Connector stopped' });
  }
}
