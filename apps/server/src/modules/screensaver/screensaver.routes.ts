import { bearerSecret } from '../../auth/bearer.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { screensaverAgentParameter, screensaverImageTypes, screensaverMaxBytes } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { Limiters } from '../../auth/limiters.ts';
import type { Api, ApiContext } from '../../http/api.ts';
import { notFound, parseInput, unauthenticated } from '../../http/errors.ts';
import { success } from '../../http/envelope.ts';
import { publicIdPattern } from '../../http/ids.ts';
import { acceptRawBodies, uploadedBytes } from '../../http/raw-upload.ts';
import { uploadTarget } from './screensaver.policy.ts';
import { etagMatches, screensaverEtag, screensaverFields } from './screensaver.presenter.ts';
import {
  agentScreensaver,
  putScreensaver,
  readScreensaver,
  readScreensaverImage,
  removeScreensaver,
  screensaverTooLarge,
} from './screensaver.service.ts';

/**
 * Members may keep an image a day; a new upload has a new publicId, so a cached one is never stale.
 * Private: the image is the company's, behind a token.
 */
export const screensaverCacheControl = 'private, max-age=86400, immutable';

/** Failed agent credentials per client address and window; a good one gives its point back. */
export const agentScreensaverAttempts = { points: 60, windowSeconds: 15 * 60 };

const noInput = z.strictObject({}).optional();

const agentQuery = {
  name: screensaverAgentParameter,
  description: "The agent's publicId; it must have a display (`hasDisplay`).",
  schema: { type: 'string' },
};

/**
 * `POST RouterDisplayScreensaverUpload?agent=<publicId>` (raw image body), `GET|DELETE
 * RouterDisplayScreensaver/{publicId}` and the agent's own `GET AgentScreensaver`. The upload
 * and the image reads are not JSON routes: they live in a Fastify scope that reads any body as
 * bytes, and the upload checks the caller, the agent and a declared Content-Length before the
 * body is read.
 */
export async function registerScreensaverRoutes(
  app: FastifyInstance,
  api: Api,
  deps: { db: Db; limiters: Limiters },
) {
  api.declare({
    rel: 'RouterDisplayScreensaverUpload',
    method: 'POST',
    access: 'company',
    doc: {
      summary:
        "Upload the screensaver of an agent's display (PNG, JPEG or WebP, at most 1 MB); replaces the previous one",
      query: [agentQuery],
      rawBody: {
        contentTypes: [...screensaverImageTypes],
        description: 'The image file; its type is told by its content.',
      },
      status: 201,
      response: { type: 'RouterDisplayScreensaver', fields: screensaverFields },
    },
  });
  api.declare({
    rel: 'RouterDisplayScreensaver',
    method: 'GET',
    item: true,
    access: 'company',
    doc: {
      summary: 'The screensaver image (with ETag; cached privately, as a new upload gets a new publicId)',
      contentType: 'image/*',
    },
  });
  api.route({
    rel: 'RouterDisplayScreensaver',
    method: 'DELETE',
    item: true,
    access: 'company',
    doc: {
      summary: "Remove an agent's screensaver",
      body: noInput,
      bodyOptional: true,
      response: { type: 'RouterDisplayScreensaver', fields: screensaverFields },
    },
    handler: async (ctx) => {
      parseInput(noInput, ctx.body);
      const data = await removeScreensaver(ctx.db, ctx, ctx.publicId);
      return { type: 'RouterDisplayScreensaver', data };
    },
  });
  api.declare({
    rel: 'AgentScreensaver',
    method: 'GET',
    access: 'public',
    doc: {
      summary:
        "The agent's own screensaver, for its display (the agent's credential as Bearer): 200 with the image, 204 without one, 304 for If-None-Match",
      auth: ['bearer'],
      rateLimited: true,
      contentType: 'image/*',
    },
  });

  const signedIn = new WeakMap<FastifyRequest, ApiContext<'company'>>();
  const credentialLimiter = deps.limiters.attempts(
    'screensaver-credential',
    agentScreensaverAttempts.points,
    agentScreensaverAttempts.windowSeconds,
  );

  await app.register(async (scope) => {
    acceptRawBodies(scope, screensaverTooLarge);

    scope.route({
      method: 'POST',
      url: '/api/RouterDisplayScreensaverUpload',
      bodyLimit: screensaverMaxBytes,
      onRequest: async (request, reply) => {
        const ctx = await api.signIn(request, reply);
        const { agent } = request.query as Record<string, unknown>;
        await uploadTarget(ctx.db, ctx, agent);
        if (Number(request.headers['content-length'] ?? 0) > screensaverMaxBytes) throw screensaverTooLarge();
        signedIn.set(request, ctx);
      },
      handler: async (request, reply) => {
        const ctx = signedIn.get(request)!;
        const image = readScreensaverImage(uploadedBytes(request.body));
        const { agent } = request.query as { agent: string };
        const data = await putScreensaver(ctx.db, ctx, agent, image);
        return reply.code(201).send(success('RouterDisplayScreensaver', data));
      },
    });

    scope.get('/api/RouterDisplayScreensaver/:publicId', async (request, reply) => {
      const ctx = await api.signIn(request, reply);
      const { publicId } = request.params as { publicId: string };
      if (!publicIdPattern.test(publicId)) throw notFound();
      const image = await readScreensaver(ctx.db, ctx, publicId);
      const etag = screensaverEtag(image.sha256);
      reply.header('cache-control', screensaverCacheControl).header('etag', etag);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      reply.header('x-content-type-options', 'nosniff').type(image.content_type);
      return reply.send(Buffer.from(image.bytes));
    });

    scope.get('/api/AgentScreensaver', async (request, reply) => {
      const credential = bearerSecret(request.raw);
      if (credential === undefined) throw unauthenticated();
      // Counted before the lookup, so parallel guesses cannot exceed the budget.
      await credentialLimiter.consume(request.ip);
      const answer = await agentScreensaver(deps.db, credential, (sha256) =>
        etagMatches(request.headers['if-none-match'], screensaverEtag(sha256)),
      );
      if (!answer) throw unauthenticated();
      await credentialLimiter.refund(request.ip);
      reply.header('cache-control', 'no-cache');
      if (answer.kind === 'none') return reply.code(204).send();
      reply.header('etag', screensaverEtag(answer.sha256));
      if (answer.kind === 'unchanged') return reply.code(304).send();
      reply.header('x-content-type-options', 'nosniff').type(answer.contentType);
      return reply.send(Buffer.from(answer.bytes));
    });
  });
}
