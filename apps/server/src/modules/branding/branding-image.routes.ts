import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  brandingImageMaxBytes,
  brandingImageSlots,
  brandingImageTypes,
  errorMessages,
} from '@fleetgate/contracts';
import type { Api, ApiContext } from '../../http/api.ts';
import type { Db } from '../../db/client.ts';
import { ApiError, forbidden } from '../../http/errors.ts';
import { success } from '../../http/envelope.ts';
import { publicIdPattern } from '../../http/ids.ts';
import { acceptRawBodies, uploadedBytes } from '../../http/raw-upload.ts';
import { immutableCacheControl } from '../../http/static.ts';
import { brandingFields } from './branding.presenter.ts';
import { readBrandingImage } from './branding-image.ts';
import {
  findBrandingImage,
  imageTooLarge,
  putBrandingImage,
  removeBrandingImage,
} from './branding.service.ts';

const imagePath = '/api/MyCompanyBrandingImage/{slot}';

/** What the browser may do with a served SVG: render it, nothing else (no scripts, no loads). */
export const svgContentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * Uploads (`PUT|DELETE MyCompanyBrandingImage/{slot}`, raw image body) and the public image
 * route (`GET BrandingImage/{publicId}`). They are not JSON routes, so they live in their own
 * Fastify scope: any Content-Type is read as bytes (the type is then told by the content), and
 * the caller and a declared Content-Length are checked before the body is read.
 */
export async function registerBrandingImageRoutes(
  app: FastifyInstance,
  api: Api,
  deps: { db: Db; publicUrl: () => string },
) {
  api.declare(
    {
      rel: 'MyCompanyBrandingImage',
      method: 'PUT',
      access: 'company',
      capability: 'branding.manage',
      doc: {
        summary: 'Upload a logo (light or dark, at most 512 KB) or the favicon (at most 64 KB)',
        pathParameters: [slotParameter],
        rawBody: {
          contentTypes: [...brandingImageTypes],
          description:
            'The image file; its type is told by its content (PNG, JPEG, WebP, ICO, SVG sanitised).',
        },
        response: { type: 'MyCompanyBranding', fields: brandingFields },
      },
    },
    imagePath,
  );
  api.declare(
    {
      rel: 'MyCompanyBrandingImage',
      method: 'DELETE',
      access: 'company',
      capability: 'branding.manage',
      doc: {
        summary: 'Remove a logo or the favicon',
        pathParameters: [slotParameter],
        response: { type: 'MyCompanyBranding', fields: brandingFields },
      },
    },
    imagePath,
  );
  api.declare({
    rel: 'BrandingImage',
    method: 'GET',
    item: true,
    access: 'public',
    doc: {
      summary: 'A branding image (public; cached for good, as a changed image gets a new publicId)',
      contentType: 'image/*',
    },
  });

  const signedIn = new WeakMap<FastifyRequest, ApiContext<'company'>>();

  await app.register(async (scope) => {
    acceptRawBodies(scope, imageTooLarge);

    // One route per slot, each with its own body limit: Fastify refuses a longer declared body
    // before reading it and stops reading a chunked one at the limit.
    for (const slot of brandingImageSlots) {
      const maxBytes = brandingImageMaxBytes[slot];
      scope.route({
        method: ['PUT', 'DELETE'],
        url: `/api/MyCompanyBrandingImage/${slot}`,
        bodyLimit: maxBytes,
        onRequest: async (request, reply) => {
          const ctx = await api.signIn(request, reply);
          if (!ctx.company.capabilities.has('branding.manage')) throw forbidden();
          const declared = Number(request.headers['content-length'] ?? 0);
          if (request.method === 'PUT' && declared > maxBytes) throw imageTooLarge();
          signedIn.set(request, ctx);
        },
        handler: async (request, reply) => {
          const ctx = signedIn.get(request)!;
          const actor = {
            userId: ctx.user.id,
            clientAddress: ctx.clientAddress,
            publicUrl: deps.publicUrl(),
          };
          const owner = { type: 'company' as const, id: ctx.company.id };
          if (request.method === 'DELETE') {
            const data = await removeBrandingImage(ctx.db, owner, slot, actor);
            return reply.send(success('MyCompanyBranding', data));
          }
          const image = await readBrandingImage(uploadedBytes(request.body));
          const data = await putBrandingImage(ctx.db, owner, slot, image, actor);
          return reply.send(success('MyCompanyBranding', data));
        },
      });
    }

    scope.get('/api/BrandingImage/:publicId', async (request, reply) => {
      const { publicId } = request.params as { publicId: string };
      const image = publicIdPattern.test(publicId) ? await findBrandingImage(deps.db, publicId) : undefined;
      if (!image) throw new ApiError(404, errorMessages.notFound);
      reply
        .header('cache-control', immutableCacheControl)
        .header('x-content-type-options', 'nosniff')
        .type(image.content_type);
      if (image.content_type === 'image/svg+xml')
        reply.header('content-security-policy', svgContentSecurityPolicy);
      return reply.send(Buffer.from(image.bytes));
    });
  });
}

const slotParameter = {
  name: 'slot',
  description: 'logoLight, logoDark or favicon',
  schema: { type: 'string', enum: [...brandingImageSlots] },
};
