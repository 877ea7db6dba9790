import { crc32, deflateSync } from 'node:zlib';
import type { Branding } from '@fleetgate/contracts';
import type { useTestServer } from '../../../test/harness.ts';

type TestServer = ReturnType<typeof useTestServer>;

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of one colour; `padding` adds an ancillary text chunk to reach a size. */
export function pngBytes(width = 2, height = 2, rgb: [number, number, number] = [0, 102, 204], padding = 0) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(padding > 0
      ? [chunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(padding, 0x20)]))]
      : []),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Factories for the branding tests. */
export function brandingFixtures(t: TestServer) {
  const db = () => t.server.db;

  const companyId = async (publicId: string) =>
    (
      await db()
        .selectFrom('companies')
        .select('id')
        .where('public_id', '=', publicId)
        .executeTakeFirstOrThrow()
    ).id;

  /** A company with its admin, as the `as` options of `t.call`. */
  async function company(name?: string) {
    const created = await t.newCompany(name);
    return {
      ...created,
      id: await companyId(created.publicId),
      as: { token: created.admin.token, company: created.publicId },
    };
  }

  async function patchBranding(as: { token: string; company: string }, body: object) {
    return t.call('PATCH', 'MyCompanyBranding', { ...as, body });
  }

  /** PUT of raw bytes to an image slot; `chunked` sends no Content-Length. */
  async function putImage(
    as: { token: string; company: string },
    slot: string,
    bytes: Uint8Array,
    contentType = 'image/png',
    chunked = false,
  ) {
    const body = chunked
      ? new ReadableStream({
          start(controller) {
            for (let i = 0; i < bytes.length; i += 16 * 1024)
              controller.enqueue(bytes.subarray(i, i + 16 * 1024));
            controller.close();
          },
        })
      : bytes;
    const response = await fetch(`${t.server.baseUrl}/api/MyCompanyBrandingImage/${slot}`, {
      method: 'PUT',
      headers: {
        'Api-Version': '2',
        Authorization: `Bearer ${as.token}`,
        'Api-Company': as.company,
        'Content-Type': contentType,
      },
      body,
      ...(chunked ? { duplex: 'half' } : {}),
    } as RequestInit);
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : undefined) as { status: string; data: unknown },
    };
  }

  async function getImage(path: string) {
    const response = await fetch(`${t.server.baseUrl}${path}`);
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  async function lookup(host: string | undefined, query: Record<string, string> = {}) {
    return t.call('GET', 'BrandingList', {
      headers: host === undefined ? {} : { 'Api-Branding': host },
      query,
    });
  }

  const fqdn = (label = 'portal') => `${label}-${t.unique()}.example.test`;

  return { db, companyId, company, patchBranding, putImage, getImage, lookup, fqdn };
}

export type BrandingAnswer = Branding;
