import { MessageChannel, type ResourceLimits } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { ReportFailure } from './report-content.ts';
import type { ReportContent } from './report-pdf.ts';
import type { ReportRenderMessage, ReportRenderTask } from './report-render.worker.ts';

/** Draws a report to PDF bytes; `onProgress` is told the share (0–1) drawn so far. */
export type RenderReport = (
  content: ReportContent,
  onProgress?: (share: number) => Promise<void>,
) => Promise<Buffer>;

export type ReportRenderer = { render: RenderReport; close: () => Promise<void> };

export const reportRenderLimits = {
  /** A render still drawing after this long is stopped and its report failed. */
  timeoutMs: 2 * 60 * 1000,
  /**
   * Render threads per process. One keeps a burst of reports to one core, leaving the other cores
   * to the event loop and the database; further renders wait for it.
   */
  threads: 1,
  /** Heap of a render thread: a report that needs more fails instead of swelling the process. */
  resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 } satisfies ResourceLimits,
};

export const reportRenderErrors = {
  timedOut: (timeoutMs: number) => `The report took longer than ${timeoutMs / 1000} seconds to draw`,
  outOfMemory: 'The report needs more memory than a report may use',
};

export type ReportRendererOptions = {
  timeoutMs?: number;
  threads?: number;
  resourceLimits?: ResourceLimits;
  /** The worker module (tests give one that never finishes). */
  filename?: string;
  /** Handed to every worker thread as piscina's `workerData`. */
  workerData?: unknown;
};

/**
 * A pool of worker threads that draw reports, so that charts and PDF layout never hold up the
 * server's event loop. A render past its time budget is aborted, which ends its thread; one that
 * runs out of its heap ends its thread too. Either fails the report with a readable error (a
 * ReportFailure: another try would fail the same way).
 */
export function createReportRenderer(options: ReportRendererOptions = {}): ReportRenderer {
  const timeoutMs = options.timeoutMs ?? reportRenderLimits.timeoutMs;
  const pool = new Piscina<ReportRenderTask, Uint8Array>({
    filename: options.filename ?? fileURLToPath(new URL('./report-render.worker.ts', import.meta.url)),
    minThreads: 0,
    maxThreads: options.threads ?? reportRenderLimits.threads,
    // Loading ECharts and pdfkit takes about a second: a thread stays for the next report a while.
    idleTimeout: 60_000,
    resourceLimits: options.resourceLimits ?? reportRenderLimits.resourceLimits,
    // Lower priority than the event loop's thread where @napi-rs/nice is available.
    niceIncrement: 10,
    workerData: options.workerData,
  });

  async function render(
    content: ReportContent,
    onProgress: (share: number) => Promise<void> = async () => {},
  ) {
    const { port1, port2 } = new MessageChannel();
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    // Progress is written one update after the other; a failed write fails the render, as it did
    // when the render awaited it.
    let progress = Promise.resolve();
    let progressError: Error | undefined;
    port1.on('message', (message: ReportRenderMessage) => {
      if (message.type === 'started') {
        timer = setTimeout(() => {
          timedOut = true;
          abort.abort();
        }, timeoutMs);
      } else {
        progress = progress
          .then(() => (progressError === undefined ? onProgress(message.share) : undefined))
          .catch((error: unknown) => {
            progressError ??= error instanceof Error ? error : new Error(String(error));
          });
      }
    });
    try {
      const bytes = await pool.run({ content, port: port2 }, { transferList: [port2], signal: abort.signal });
      await progress;
      if (progressError !== undefined) throw progressError;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (error) {
      if (timedOut) throw new ReportFailure(reportRenderErrors.timedOut(timeoutMs));
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw new ReportFailure(reportRenderErrors.outOfMemory);
      throw error;
    } finally {
      clearTimeout(timer);
      port1.close();
    }
  }

  return { render, close: () => pool.destroy() };
}

let shared: ReportRenderer | undefined;

/**
 * The process's renderer, made on first use. Its threads end when idle and do not keep the
 * process alive, so nothing has to close it.
 */
export function sharedReportRenderer(): ReportRenderer {
  shared ??= createReportRenderer();
  return shared;
}
