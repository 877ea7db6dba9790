/** How many runs this process's queue holds, and how they are shared between companies. */
export type RunQueueLimits = {
  /** Runs in flight at once in this process. */
  slots: number;
  /** Runs of one company in flight at once: the other slots stay free for other companies. */
  slotsPerCompany: number;
  /** Runs of one company waiting; beyond it, that company's new runs are dropped. */
  queuedPerCompany: number;
  /** Runs waiting in all; beyond it, the company with the longest queue loses its newest. */
  queuedInAll: number;
};

export const runQueueLimits: RunQueueLimits = {
  slots: 4,
  slotsPerCompany: 2,
  queuedPerCompany: 200,
  queuedInAll: 2000,
};

/**
 * The runs waiting in this process, one queue per company. A free slot goes to the waiting company
 * with the fewest runs in flight, in turn among equals (round robin), and never to one holding
 * its share of the slots, so a company flooding its functions delays and drops only its own
 * runs. Whatever is dropped is handed to `onDrop`.
 */
export function createRunQueue<T>(options: {
  limits?: RunQueueLimits | undefined;
  run: (item: T) => Promise<unknown>;
  onDrop: (item: T) => void;
}) {
  const limits = options.limits ?? runQueueLimits;
  // Insertion order is the round robin's order: a company that started a run moves to the back.
  const queues = new Map<number, T[]>();
  const running = new Map<number, number>();
  let queued = 0;
  let inFlight = 0;
  let stopped = false;

  function enqueue(companyId: number, item: T) {
    if (stopped) return;
    const own = queues.get(companyId) ?? [];
    if (own.length >= limits.queuedPerCompany) return options.onDrop(item);
    if (queued >= limits.queuedInAll) {
      const longest = longestQueue();
      // The arriving company's queue is the longest one: the run it adds is the one to lose.
      if (!longest || longest === own || longest.length <= own.length) return options.onDrop(item);
      options.onDrop(longest.pop()!);
      queued -= 1;
    }
    own.push(item);
    queued += 1;
    if (!queues.has(companyId)) queues.set(companyId, own);
    drain();
  }

  function longestQueue(): T[] | undefined {
    let longest: T[] | undefined;
    for (const queue of queues.values()) if (!longest || queue.length > longest.length) longest = queue;
    return longest;
  }

  function drain() {
    while (!stopped && inFlight < limits.slots) {
      const next = nextCompany();
      if (next === undefined) return;
      const queue = queues.get(next)!;
      const item = queue.shift()!;
      queued -= 1;
      queues.delete(next);
      if (queue.length > 0) queues.set(next, queue);
      start(next, item);
    }
  }

  /** The waiting company with the fewest runs in flight; of equals, the one longest without a start. */
  function nextCompany(): number | undefined {
    let next: number | undefined;
    let fewest = limits.slotsPerCompany;
    for (const companyId of queues.keys()) {
      const inFlightOf = running.get(companyId) ?? 0;
      if (inFlightOf < fewest) [next, fewest] = [companyId, inFlightOf];
    }
    return next;
  }

  function start(companyId: number, item: T) {
    inFlight += 1;
    running.set(companyId, (running.get(companyId) ?? 0) + 1);
    void options
      .run(item)
      .catch(() => undefined)
      .finally(() => {
        inFlight -= 1;
        const left = running.get(companyId)! - 1;
        if (left === 0) running.delete(companyId);
        else running.set(companyId, left);
        drain();
      });
  }

  return {
    enqueue,
    /** Runs waiting or in flight. */
    get size() {
      return queued + inFlight;
    },
    /** Forgets the waiting runs; runs in flight end on their own. */
    stop() {
      stopped = true;
      queues.clear();
      queued = 0;
    },
  };
}
