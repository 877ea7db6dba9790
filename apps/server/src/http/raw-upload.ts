import type { FastifyError, FastifyInstance } from 'fastify';
import { errorMessages } from '@fleetgate/contracts';
import { ApiError } from './errors.ts';

/**
 * Makes a Fastify scope read every request body as raw bytes, whatever its Content-Type (an
 * image's type is then told by its content), and answers Fastify's own "body too large" (a
 * chunked body read up to the route's limit) with the route's error. Routes in the scope set
 * their `bodyLimit` and refuse a longer declared Content-Length before the body is read.
 */
export function acceptRawBodies(scope: FastifyInstance, tooLarge: () => ApiError) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  scope.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw tooLarge();
    throw error;
  });
}

/** The raw body as bytes, or a 400 naming `file` when nothing was sent. */
export function uploadedBytes(body: unknown): Uint8Array {
  if (!Buffer.isBuffer(body) || body.length === 0)
    throw new ApiError(400, [{ message: errorMessages.required, propertyName: 'file' }]);
  return new Uint8Array(body.buffer, body.byteOffset, body.length);
}
