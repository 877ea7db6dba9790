import type { MessagePort } from 'node:worker_threads';
import { move } from 'piscina';
import { renderReportPdf, type ReportContent } from './report-pdf.ts';

/** What the renderer hands a worker thread: the report and a port for its progress. */
export type ReportRenderTask = { content: ReportContent; port: MessagePort };

/** What a worker thread tells on the task's port while it draws. */
export type ReportRenderMessage = { type: 'started' } | { type: 'progress'; share: number };

const tell = (port: MessagePort, message: ReportRenderMessage) => port.postMessage(message);

/**
 * Runs in a worker thread of the report renderer's pool (report-renderer.ts): draws the PDF off
 * the server's event loop and answers its bytes, moved rather than copied back.
 */
export default async function renderReportTask({ content, port }: ReportRenderTask) {
  // The time budget starts now, not when the task was queued for a free thread.
  tell(port, { type: 'started' });
  const pdf = await renderReportPdf(content, async (share) => tell(port, { type: 'progress', share }));
  // Buffer.concat may hand out a slice of Node's shared pool, which must not be transferred.
  const bytes = new Uint8Array(pdf.length);
  bytes.set(pdf);
  return move(bytes);
}
