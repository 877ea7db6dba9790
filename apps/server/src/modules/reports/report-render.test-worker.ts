import { workerData } from 'piscina';
import type { ReportRenderMessage, ReportRenderTask } from './report-render.worker.ts';

/** Set to 1 by a test to let a `spin` render finish. */
const release = (workerData as { release?: Int32Array } | undefined)?.release;

/**
 * A render thread for the renderer tests, chosen by the report's title: `spin` keeps its thread
 * busy (as a heavy chart would) until the test releases it, `hog` allocates until its heap is
 * full, any other is drawn at once. A spin gives up after a minute, so a renderer that never
 * stops it cannot hang the suite.
 */
export default function renderTestTask({ content, port }: ReportRenderTask) {
  const tell = (message: ReportRenderMessage) => port.postMessage(message);
  tell({ type: 'started' });
  tell({ type: 'progress', share: 0.5 });
  if (content.title === 'hog') {
    const kept: number[][] = [];
    for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i));
  }
  if (content.title === 'spin') {
    const giveUp = Date.now() + 60_000;
    while (Atomics.load(release ?? new Int32Array(1), 0) === 0 && Date.now() < giveUp);
  }
  return new TextEncoder().encode('%PDF-1.4 spun');
}
