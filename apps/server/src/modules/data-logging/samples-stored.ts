import type { Db } from '../../db/client.ts';

/** A sample as stored: the tag's internal id, when the agent read it, the scaled value. */
export type StoredSample = { tagId: number; tagPublicId: string; time: Date; value: number };

export type SamplesStored = {
  companyId: number;
  agentId: number;
  agentPublicId: string;
  /** Only the samples this batch newly stored (a resent sample is left out), oldest first. */
  samples: StoredSample[];
};

/**
 * Runs inside the transaction that stores a batch (so what it writes, e.g. alarm occurrences,
 * commits with the samples or not at all) and may return work to do once the batch is committed
 * (live events, e-mails); a failure of that work is logged and never un-stores a sample.
 */
export type SamplesStoredListener = (trx: Db, event: SamplesStored) => Promise<(() => Promise<void>) | void>;
