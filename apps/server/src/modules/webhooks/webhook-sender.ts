import http from 'node:http';
import https from 'node:https';
import { webhookLimits } from '@fleetgate/contracts';
import { DestinationNotAllowedError, pinnedLookup } from '../../net/outbound-guard.ts';
import { resolveWebhookTarget, type WebhookTargetPolicy } from './webhook.policy.ts';

export type WebhookAttempt = {
  status: number | null;
  snippet: string | null;
  error: string | null;
  durationMs: number;
};

export type WebhookRequest = { url: string; body: string; headers: Record<string, string> };

/**
 * One POST to a receiver: resolved and checked once, connected to the checked address, no
 * redirects followed (a 3xx is just not a success), 10 s for the whole exchange, and only the
 * start of the answer read.
 */
export async function sendWebhookRequest(
  request: WebhookRequest,
  policy: WebhookTargetPolicy,
  timeoutMs: number = webhookLimits.timeoutMs,
): Promise<WebhookAttempt> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const url = new URL(request.url);
    const destination = await resolveWebhookTarget(url, policy);
    const answer = await post(url, destination, request, timeoutMs);
    return { ...answer, error: null, durationMs: elapsed() };
  } catch (error) {
    return { status: null, snippet: null, error: describe(error), durationMs: elapsed() };
  }
}

function post(
  url: URL,
  destination: { address: string; family: number },
  request: WebhookRequest,
  timeoutMs: number,
): Promise<{ status: number; snippet: string }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        // No shared agent: its pooled sockets were not opened through this check.
        agent: false,
        lookup: pinnedLookup(destination),
        headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          clearTimeout(timer);
          const text = Buffer.concat(chunks).toString('utf8').slice(0, webhookLimits.responseSnippetMax);
          resolve({ status: response.statusCode ?? 0, snippet: text });
        };
        response.on('data', (chunk: Buffer) => {
          if (size >= webhookLimits.responseSnippetMax * 4) return;
          chunks.push(chunk);
          size += chunk.length;
          // Enough for the snippet: the rest of a large answer is not read.
          if (size >= webhookLimits.responseSnippetMax * 4) {
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(
      () => outgoing.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    outgoing.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    outgoing.end(request.body);
  });
}

/** A short reason for the deliveries panel; never a stack or the server's internals. */
function describe(error: unknown): string {
  if (error instanceof DestinationNotAllowedError) return error.message;
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  return (code ? `${code}: ${message}` : message).slice(0, 300);
}
