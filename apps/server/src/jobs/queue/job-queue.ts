import { Cron } from 'croner';
import type { Db } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import {
  claimJobs,
  deleteDone,
  insertJob,
  markDone,
  markFailed,
  pruneJobs,
  readSchedules,
  renewLease,
  takeScheduleSlot,
  upsertSchedule,
  type ClaimedJob,
  type NewJob,
  type ScheduleState,
} from './job.repository.ts';

/** One run of a job, as its handler sees it. */
export type Job = { id: string; name: string; payload: unknown; attempts: number; maxAttempts: number };
export type JobHandler = (job: Job) => Promise<void>;

/** A slot of a recurring job: its time, and the previous slot's (null on the first run). */
export type Slot = { slot: Date; previous: Date | null };

/**
 * A job run on a schedule, once per slot across all processes. A slot missed while every process
 * was down runs once when one comes back; the next slot is the first one still ahead.
 */
export type RecurringJob = {
  name: string;
  /** Every so many milliseconds, or on a five-field cron in UTC. */
  everyMs?: number;
  cron?: string;
  maxAttempts?: number;
  /** Skip a slot while the previous one is still queued or running (a poll of another queue). */
  singleton?: boolean;
  run: (slot: Slot) => Promise<void>;
};

export type JobQueueOptions = {
  db: Db;
  /** The job names this process runs; jobs of other names are left to processes that know them. */
  handlers?: Record<string, JobHandler>;
  recurring?: readonly RecurringJob[];
  /** Jobs run at once by this process. */
  concurrency?: number;
  /** How often the queue is looked at when nothing was enqueued in this process. */
  pollMs?: number;
  /** How long a claim holds a job; renewed while the handler runs, so only a dead process loses it. */
  leaseMs?: number;
  /** The wait before the next attempt after `attempt` failed. */
  retryDelayMs?: (attempt: number) => number;
  /** How long done and failed jobs are kept. */
  keepDoneMs?: number;
  keepFailedMs?: number;
  onError: (error: unknown, job?: Job) => void;
  /**
   * Takes the jobs this queue runs, in place of the oldest due first (a queue of its own that
   * shares its jobs out between companies). Same contract as `claimJobs`.
   */
  claim?: (options: { names: readonly string[]; limit: number; leaseMs: number }) => Promise<ClaimedJob[]>;
  /** Whether this queue schedules the pruning of old jobs (one queue per process is enough). */
  prune?: boolean;
  /** Remove a job once done rather than keep it for a day (frequent jobs that log elsewhere). */
  deleteDone?: boolean;
};

export const jobQueueDefaults = {
  concurrency: 4,
  pollMs: 2000,
  leaseMs: 60_000,
  keepDoneMs: 24 * 3600 * 1000,
  keepFailedMs: 7 * 24 * 3600 * 1000,
};

/** 5 s, 10 s, 20 s … up to an hour, with a fifth of jitter so failing jobs do not retry in step. */
export function defaultRetryDelayMs(attempt: number): number {
  const base = Math.min(3600_000, 5000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + Math.random() * 0.2));
}

/** The recurring job that removes old done and failed jobs; every queue has it. */
export const pruneJobName = 'jobs.prune';

// Workers of this process, told when a job is enqueued here so they claim it at once rather than
// at the next poll. Other processes find it by polling.
const wakers = new Set<() => void>();

/** Queues a job (after commit when `db` is a transaction: call `wakeJobQueues` then). */
export async function enqueueJob(db: Db, job: NewJob): Promise<string | undefined> {
  const id = await insertJob(db, job);
  if (id !== undefined) wakeJobQueues();
  return id;
}

export function wakeJobQueues() {
  for (const wake of wakers) wake();
}

/** The next slot after `slot` that is still ahead of `now` (a long outage skips to it: no burst). */
export function nextRunAfter(job: Pick<RecurringJob, 'everyMs' | 'cron'>, slot: Date, now: Date): Date {
  if (job.everyMs !== undefined) {
    const steps = Math.floor((now.getTime() - slot.getTime()) / job.everyMs) + 1;
    return new Date(slot.getTime() + Math.max(1, steps) * job.everyMs);
  }
  const cron = new Cron(job.cron!, { mode: '5-part', timezone: 'UTC', paused: true });
  const after = now.getTime() > slot.getTime() ? now : slot;
  const next = cron.nextRun(after);
  if (!next) throw new Error(`cron "${job.cron}" never fires again`);
  return next;
}

/**
 * Starts this process's worker and scheduler on the database's job queue. The worker claims due
 * jobs it has handlers for (SKIP LOCKED, with a lease it renews while the handler runs), retries
 * failures with backoff up to each job's attempts, and keeps the last error of a failed job. The
 * scheduler queues each recurring job's slot once across processes. Returns a function that stops
 * both and waits for the jobs running here.
 */
export function startJobQueue(options: JobQueueOptions): () => Promise<void> {
  const { db, onError } = options;
  const concurrency = options.concurrency ?? jobQueueDefaults.concurrency;
  const pollMs = options.pollMs ?? jobQueueDefaults.pollMs;
  const leaseMs = options.leaseMs ?? jobQueueDefaults.leaseMs;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;
  const keepDoneMs = options.keepDoneMs ?? jobQueueDefaults.keepDoneMs;
  const keepFailedMs = options.keepFailedMs ?? jobQueueDefaults.keepFailedMs;

  const recurring: RecurringJob[] = [...(options.recurring ?? [])];
  if (options.prune !== false)
    recurring.push({
      name: pruneJobName,
      everyMs: 3600_000,
      run: async ({ slot }) =>
        pruneJobs(db, new Date(slot.getTime() - keepDoneMs), new Date(slot.getTime() - keepFailedMs)),
    });
  const claim = options.claim ?? ((claimOptions) => claimJobs(db, claimOptions));
  const handlers: Record<string, JobHandler> = { ...options.handlers };
  for (const job of recurring) {
    if (job.everyMs === undefined && job.cron === undefined)
      throw new Error(`recurring job ${job.name} has neither everyMs nor cron`);
    handlers[job.name] = async ({ payload }) => job.run(slotOf(payload));
  }
  const names = Object.keys(handlers);
  const recurringByName = new Map(recurring.map((job) => [job.name, job]));

  let stopped = false;
  const running = new Set<Promise<void>>();
  let claiming: Promise<void> | undefined;
  let claimAgain = false;

  // --- worker ---
  const fill = () => {
    if (stopped) return;
    if (claiming) {
      claimAgain = true;
      return;
    }
    claiming = (async () => {
      do {
        claimAgain = false;
        const free = concurrency - running.size;
        if (free <= 0 || stopped) return;
        const claimed = await claim({ names, limit: free, leaseMs });
        for (const job of claimed) track(run(job));
        // A full batch may leave more due; a short one means none is due until a wake or a poll.
        if (claimed.length === free) claimAgain = true;
      } while (claimAgain && !stopped && running.size < concurrency);
    })()
      .catch((error: unknown) => onError(error))
      .finally(() => (claiming = undefined));
  };

  const track = (promise: Promise<void>) => {
    running.add(promise);
    void promise.finally(() => {
      running.delete(promise);
      fill();
    });
  };

  async function run(claimed: ClaimedJob) {
    const job: Job = {
      id: claimed.id,
      name: claimed.name,
      payload: claimed.payload,
      attempts: claimed.attempts,
      maxAttempts: claimed.max_attempts,
    };
    try {
      // Claimed again after its lease ran out on the last attempt: the process running it died.
      if (claimed.attempts > claimed.max_attempts) {
        await markFailed(db, claimed, 'The process running the job stopped before it finished', 0);
        return;
      }
      const renew = setInterval(() => {
        renewLease(db, claimed, leaseMs).catch((error: unknown) => onError(error, job));
      }, leaseMs / 3);
      renew.unref();
      try {
        await handlers[claimed.name]!(job);
      } catch (error) {
        clearInterval(renew);
        onError(error, job);
        const message = error instanceof Error ? error.message : String(error);
        await markFailed(db, claimed, message || 'Failed', retryDelayMs(claimed.attempts));
        return;
      } finally {
        clearInterval(renew);
      }
      // A recurring slot's row is removed when done: its schedule records the time, and a
      // sweep every few seconds would otherwise fill the table with rows nobody reads.
      if (options.deleteDone || recurringByName.has(claimed.name)) await deleteDone(db, claimed);
      else await markDone(db, claimed);
    } catch (error) {
      onError(error, job);
    }
  }

  // --- scheduler ---
  let scheduleTimer: NodeJS.Timeout | undefined;
  let scheduling: Promise<void> | undefined;
  const registered = (async () => {
    if (recurring.length === 0) return;
    const { now } = await readSchedules(db, [pruneJobName]);
    for (const job of recurring)
      await upsertSchedule(db, {
        name: job.name,
        everyMs: job.everyMs ?? null,
        cron: job.everyMs === undefined ? job.cron! : null,
        firstRunAt:
          job.everyMs !== undefined ? new Date(now.getTime() + job.everyMs) : nextRunAfter(job, now, now),
      });
  })();

  /** Queues the due slots; answers the wait until the next one known (at most a poll). */
  async function queueDueSlots(): Promise<number> {
    let wait = pollMs;
    for (let round = 0; round < 2; round += 1) {
      const { schedules, now } = await readSchedules(db, [...recurringByName.keys()]);
      let lost = false;
      for (const schedule of schedules) {
        if (stopped) return wait;
        const job = recurringByName.get(schedule.name)!;
        if (schedule.next_run_at.getTime() > now.getTime()) {
          wait = Math.min(wait, schedule.next_run_at.getTime() - now.getTime());
          continue;
        }
        const next = nextRunAfter(job, schedule.next_run_at, now);
        const took = await runInTransaction(db, (trx) =>
          takeScheduleSlot(trx, schedule as ScheduleState, next, {
            maxAttempts: job.maxAttempts ?? 3,
            singleton: job.singleton,
          }),
        );
        if (took) {
          wakeJobQueues();
          wait = Math.min(wait, next.getTime() - now.getTime());
        } else lost = true;
      }
      // Another process took a slot first: read its new time once more.
      if (!lost) break;
    }
    return wait;
  }

  const scheduleTick = () => {
    scheduling = registered
      .then(queueDueSlots)
      .catch((error: unknown) => {
        onError(error);
        return pollMs;
      })
      .then((wait) => {
        scheduling = undefined;
        if (stopped) return;
        scheduleTimer = setTimeout(scheduleTick, Math.max(5, wait));
        scheduleTimer.unref();
      });
  };
  // A queue without recurring jobs (one that only runs queued work) has nothing to schedule.
  if (recurring.length > 0) scheduleTick();

  const pollTimer = setInterval(fill, pollMs);
  pollTimer.unref();
  wakers.add(fill);
  fill();

  return async () => {
    stopped = true;
    wakers.delete(fill);
    clearInterval(pollTimer);
    clearTimeout(scheduleTimer);
    await scheduling;
    await claiming;
    await Promise.all(running);
  };
}

function slotOf(payload: unknown): Slot {
  const { slot, previous } = (payload ?? {}) as { slot?: string; previous?: string | null };
  const at = slot ? new Date(slot) : new Date();
  return { slot: at, previous: previous ? new Date(previous) : null };
}

/**
 * The time a recurring sweep covers: from the previous slot (or one interval back on the first
 * run), at most `maxMs` back after a long outage, to this slot.
 */
export function slotWindow({ slot, previous }: Slot, everyMs: number, maxMs = 24 * 3600 * 1000) {
  const since = previous ?? new Date(slot.getTime() - everyMs);
  return { since: new Date(Math.max(since.getTime(), slot.getTime() - maxMs)), until: slot };
}

/**
 * A recurring job's schedule name: its own name at the default interval, and a separate schedule
 * for another interval (tests shorten them), so processes with different settings on one database
 * do not keep moving one schedule's time.
 */
export function scheduleName(name: string, everyMs: number, defaultMs: number) {
  return everyMs === defaultMs ? name : `${name}.every-${everyMs}ms`;
}
