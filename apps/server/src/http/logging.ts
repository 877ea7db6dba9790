import { Writable } from 'node:stream';
import { styleText } from 'node:util';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

type LogRecord = Record<string, unknown> & { level?: number; time?: number; msg?: string };

const levelNames: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const levelColours: Record<number, Parameters<typeof styleText>[0]> = {
  10: 'gray',
  20: 'gray',
  30: 'green',
  40: 'yellow',
  50: 'red',
  60: ['bgRed', 'white'],
};
/** pino's own fields and the request fields shown in the line itself, not repeated as key=value. */
const shownElsewhere = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'err',
  'reqId',
  'method',
  'url',
  'statusCode',
  'responseTime',
]);

/**
 * One pino record as one readable line: `12:04:05 INFO  message key=value`; a request as
 * `12:04:05 DEBUG GET /api/MyUser 200 3.1 ms`; an error with its stack on the lines below.
 */
export function formatLogLine(record: LogRecord, colour = false): string {
  const paint = (style: Parameters<typeof styleText>[0], text: string) =>
    colour ? styleText(style, text, { validateStream: false }) : text;
  const time = new Date(record.time ?? Date.now()).toTimeString().slice(0, 8);
  const level = record.level ?? 30;
  const name = (levelNames[level] ?? String(level)).padEnd(5);
  const isRequest = typeof record.method === 'string' && typeof record.statusCode === 'number';
  const message = isRequest
    ? `${String(record.method)} ${String(record.url)} ${String(record.statusCode)} ${Number(record.responseTime ?? 0).toFixed(1)} ms`
    : String(record.msg ?? '');
  const extras = Object.entries(record)
    .filter(([key, value]) => !shownElsewhere.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  let line = `${paint('gray', time)} ${paint(levelColours[level] ?? 'white', name)} ${message}`;
  if (extras.length > 0) line += ` ${paint('gray', extras.join(' '))}`;
  const error = record.err as { stack?: string; message?: string } | undefined;
  if (error)
    line += `\n  ${(error.stack ?? error.message ?? JSON.stringify(error)).split('\n').join('\n  ')}`;
  return line;
}

/** A stream for pino that writes each JSON record to `out` as a readable line. */
export function prettyLogStream(out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout): Writable {
  const colour = out.isTTY === true && !process.env.NO_COLOR;
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) {
        if (text.trim() === '') continue;
        let line: string;
        try {
          line = formatLogLine(JSON.parse(text) as LogRecord, colour);
        } catch {
          line = text;
        }
        out.write(`${line}\n`);
      }
      done();
    },
  });
}

/**
 * The server's logger: pino at LOG_LEVEL, as readable lines on a terminal and JSON otherwise
 * (LOG_FORMAT overrides). Requests are logged at debug (RequestLogController), so a default
 * start stays quiet and its banner with the demo passwords stays in view.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
): FastifyServerOptions['logger'] {
  return config.logFormat === 'pretty'
    ? { level: config.logLevel, stream: prettyLogStream() }
    : { level: config.logLevel };
}

/**
 * Links from e-mails (recovery, e-mail change) and the identity provider's callback carry
 * single-use secrets in the query; the log keeps the parameter but not its value.
 */
export function redactSecrets(url: string): string {
  return url.replace(/([?&](?:token|code|state|binding)=)[^&#]*/gi, '$1[redacted]');
}

/**
 * Fastify's request log lines: instead of two at info per request (received, completed), one
 * at debug once answered (LOG_LEVEL=debug shows them). Failed requests stay at error.
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    // Most servers run at info: no line to build for a request that went well.
    if (!error && reply.log.level !== 'debug' && reply.log.level !== 'trace') return;
    const fields = {
      method: request.method,
      url: redactSecrets(request.url),
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.debug(fields, 'request completed');
  }

  override routeNotFound(request: FastifyRequest) {
    request.log.debug({ method: request.method, url: redactSecrets(request.url) }, 'route not found');
  }
}
