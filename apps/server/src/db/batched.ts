import type { Db } from './client.ts';

type Waiting<I, O> = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };
type Queue<I, O> = { waiting: Waiting<I, O>[]; running: boolean };

/** More inputs than this wait for the next batch (each is a few parameters of one statement). */
const maxBatch = 500;

/**
 * Lets concurrent callers share the database's round trips (issue 18: an attach storm). A call
 * made while no batch of its kind is running on that database runs at once, alone; calls made
 * while one is running wait and go together in the next. At low load nothing changes; under a
 * storm one statement serves hundreds of callers, which is what bounds the database's work, and
 * this process's, per call.
 *
 * `run` answers every input, in order: an output, or a `Failed` that fails that call alone. A
 * batch that throws fails each of its calls. Inside a transaction a call runs at once with its
 * own input, in that transaction.
 */
export function batched<I, O>(
  run: (db: Db, inputs: I[]) => Promise<(O | Failed)[]>,
): (db: Db, input: I) => Promise<O> {
  const queues = new WeakMap<Db, Queue<I, O>>();
  const drain = async (db: Db, queue: Queue<I, O>) => {
    queue.running = true;
    while (queue.waiting.length > 0) {
      const batch = queue.waiting.splice(0, maxBatch);
      try {
        const outputs = await run(
          db,
          batch.map((w) => w.input),
        );
        batch.forEach((w, i) => settle(w, outputs[i]));
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    queue.running = false;
  };
  return async (db, input) => {
    if (db.isTransaction) {
      const [output] = await run(db, [input]);
      if (output instanceof Failed) throw output.error;
      return output as O;
    }
    let queue = queues.get(db);
    if (!queue) queues.set(db, (queue = { waiting: [], running: false }));
    const output = new Promise<O>((resolve, reject) => queue.waiting.push({ input, resolve, reject }));
    if (!queue.running) void drain(db, queue);
    return output;
  };
}

/** One input's failure in a batch that otherwise went through. */
export class Failed {
  readonly error: unknown;
  constructor(error: unknown) {
    this.error = error;
  }
}

function settle<I, O>(waiting: Waiting<I, O>, output: O | Failed | undefined) {
  if (output instanceof Failed) waiting.reject(output.error);
  else waiting.resolve(output as O);
}

/** The inputs whose key came first in `inputs`, and the rest: a batch may hold each key once. */
export function firstOfEachKey<I>(
  inputs: I[],
  key: (input: I) => unknown,
): { first: number[]; again: number[] } {
  const seen = new Set<unknown>();
  const first: number[] = [];
  const again: number[] = [];
  inputs.forEach((input, i) => {
    const k = key(input);
    if (seen.has(k)) again.push(i);
    else {
      seen.add(k);
      first.push(i);
    }
  });
  return { first, again };
}
