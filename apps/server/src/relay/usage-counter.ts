import type { Db } from '../db/client.ts';
import { recordUsage } from './relay-sessions.repository.ts';

export type UsageOwner = { sessionId: number; companyId: number; agentId: number };

/**
 * Bytes a relay session carried (up: towards the device, down: back), written to its client
 * session row and the company's and agent's data usage in batches.
 */
export class UsageCounter {
  up = 0;
  down = 0;
  #flushedUp = 0;
  #flushedDown = 0;

  /**
   * Writes the bytes counted since the last flush; says whether there were any. Bytes a failed
   * write did not take are counted again at the next flush.
   */
  async flush(db: Db, owner: UsageOwner): Promise<boolean> {
    const up = this.up - this.#flushedUp;
    const down = this.down - this.#flushedDown;
    if (up + down === 0) return false;
    this.#flushedUp += up;
    this.#flushedDown += down;
    try {
      await recordUsage(db, { ...owner, up, down });
    } catch (error) {
      this.#flushedUp -= up;
      this.#flushedDown -= down;
      throw error;
    }
    return true;
  }
}
