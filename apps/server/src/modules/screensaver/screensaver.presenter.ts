import type { RouterDisplayScreensaver, ScreensaverImageType } from '@fleetgate/contracts';
import type { ScreensaverRow } from './screensaver.repository.ts';

export const screensaverFields = {
  publicId: true,
  agent: { publicId: true, name: true },
  contentType: true,
  size: true,
  createdOn: true,
} as const;

export function presentScreensaver(row: ScreensaverRow): RouterDisplayScreensaver {
  return {
    publicId: row.public_id,
    agent: { publicId: row.agent_public_id, name: row.agent_name },
    contentType: row.content_type as ScreensaverImageType,
    size: row.size,
    createdOn: row.created_at.toISOString(),
  };
}

/** A strong ETag from the image's SHA-256: the same bytes always have the same tag. */
export const screensaverEtag = (sha256: string) => `"${sha256}"`;

/** Whether an If-None-Match header names this ETag (a list, a weak form or `*`). */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return false;
  return value.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}
