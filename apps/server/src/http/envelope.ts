import type { FastifyReply } from 'fastify';
import type { ApiErrorItem, ApiFailure, ApiSuccess } from '@fleetgate/contracts';

export function success<T>(type: string, data: T, moreAfter?: string | null): ApiSuccess<T> {
  return moreAfter === undefined
    ? { type, status: 'success', data }
    : { type, status: 'success', data, moreAfter };
}

export function failure(items: ApiErrorItem[]): ApiFailure {
  return { type: 'Error', status: 'error', data: items };
}

export function sendSuccess<T>(reply: FastifyReply, type: string, data: T, statusCode = 200) {
  return reply.code(statusCode).send(success(type, data));
}
