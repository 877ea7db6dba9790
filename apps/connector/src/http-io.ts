import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorMessages, type ApiErrorItem } from '@fleetgate/contracts';

const maxBodyBytes = 16 * 1024;

export class HttpError extends Error {
  readonly status: number;
  readonly items: ApiErrorItem[];
  constructor(status: number, items: ApiErrorItem[]) {
    super(items.map((i) => i.message).join(', '));
    this.status = status;
    this.items = items;
  }
}

export const unauthenticated = () =>
  new HttpError(401, [{ message: errorMessages.unauthenticated, propertyName: 'Api-Access-Token' }]);
export const forbidden = (message: string) => new HttpError(403, [{ message }]);
export const badRequest = (message: string, propertyName: string) =>
  new HttpError(400, [{ message, propertyName }]);

export function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify(body));
}

/** Errors in the portal's wire format, so the web app reads them the same way. */
export function sendError(response: ServerResponse, error: HttpError) {
  sendJson(response, error.status, { type: 'Error', status: 'error', data: error.items });
}

/** The request body as text, at most 16 KB. */
export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes) throw new HttpError(413, [{ message: 'Request body too large' }]);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A JSON object body; anything else is a 400 naming the body. */
export async function readJsonObject(request: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(request);
  let value: unknown;
  try {
    value = text === '' ? {} : JSON.parse(text);
  } catch {
    throw badRequest(errorMessages.invalid, 'body');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw badRequest(errorMessages.invalid, 'body');
  return value as Record<string, unknown>;
}

export function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
