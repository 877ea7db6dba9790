import type { FastifyInstance, FastifyError } from 'fastify';
import { apiVersion, errorMessages } from '@fleetgate/contracts';
import { ApiError, isClientDataError } from './errors.ts';
import { failure } from './envelope.ts';
import { checkInputText, checkQueryText } from './input-text.ts';
import { apiDocsPaths } from './api-docs.routes.ts';
import { reportError } from '../error-reporting.ts';

/** `GET BrandingImage/{publicId}` (modules/branding): loaded by the browser itself. */
const browserImagePath = /^\/api\/BrandingImage\/[^/]+$/;

/** Wire-level rules every /api call shares: the Api-Version header and the error envelope. */
export function registerWireHooks(app: FastifyInstance) {
  // A throw in a callback-style hook is answered like a rejected async one (no promise per request).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api')) return done();
    // The OpenAPI document, its reference page and branding images (<img src>, favicons) are read
    // by browsers, which send no Api-Version. Exact paths only, so no API route can be reached
    // around the check.
    const pathname = request.url.split('?')[0]!;
    if (apiDocsPaths.has(pathname) || browserImagePath.test(pathname)) return done();
    if (request.headers['api-version'] !== apiVersion) {
      throw new ApiError(400, [{ message: errorMessages.apiVersion, propertyName: 'Api-Version' }]);
    }
    checkQueryText(request.query as Record<string, unknown>);
    done();
  });

  // Clients often send `Content-Type: application/json` with no body on actions without one
  // (approve, reset …); treat that as no body instead of Fastify's "empty JSON body" error.
  // Anything else goes to the default parser, with its prototype-poisoning protection.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    return parseJson(request, text, (error, parsed) => {
      if (error) return done(error);
      try {
        checkInputText(parsed);
      } catch (invalid) {
        return done(invalid as ApiError);
      }
      return done(null, parsed);
    });
  });

  // Echo the request id so a user's report can be matched with the server log.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.status).headers(error.headers).send(failure(error.items));
    }
    const unique = uniqueViolation(error);
    if (unique) return reply.code(409).send(failure([{ message: errorMessages.duplicate }]));
    if (isClientDataError(error)) {
      // A validation gap: answered as invalid input, logged so it gets closed at its source.
      request.log.warn({ err: error }, 'database refused a value that passed validation');
      return reply.code(400).send(failure([{ message: errorMessages.invalid }]));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      reportError(error, { method: request.method, route: request.routeOptions.url, requestId: request.id });
      return reply.code(500).send(failure([{ message: 'Internal server error' }]));
    }
    // Fastify's own 4xx: malformed JSON, wrong content type, body too large …
    const propertyName = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Content-Type' : undefined;
    return reply
      .code(status)
      .send(failure([{ message: error.message, ...(propertyName ? { propertyName } : {}) }]));
  });
}

function uniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
