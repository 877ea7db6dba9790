import {
  brandingImageMaxBytes,
  brandingImageTypes,
  type Branding,
  type BrandingImageSlot,
} from '@fleetgate/contracts';
import { findEntry } from '../../api/discovery.ts';
import { uploadWithProgress } from '../../api/upload.ts';

export type ImageProblem = { kind: 'type' } | { kind: 'size'; maxKb: number } | { kind: 'empty' };

/** Browsers name ICO files differently (image/x-icon, image/vnd.microsoft.icon, or nothing). */
export function imageTypeOf(file: Pick<File, 'type' | 'name'>): string {
  if (file.type) return file.type;
  return /\.ico$/i.test(file.name) ? 'image/x-icon' : '';
}

/** The server's own limits, checked before anything is sent. */
export function imageProblem(
  slot: BrandingImageSlot,
  file: Pick<File, 'type' | 'name' | 'size'>,
): ImageProblem | null {
  if (!(brandingImageTypes as readonly string[]).includes(imageTypeOf(file))) return { kind: 'type' };
  if (file.size === 0) return { kind: 'empty' };
  const max = brandingImageMaxBytes[slot];
  return file.size > max ? { kind: 'size', maxKb: Math.round(max / 1024) } : null;
}

/** The file chooser's `accept`: the accepted types and their usual extensions. */
export const imageAccept = [...brandingImageTypes, '.png', '.jpg', '.jpeg', '.webp', '.ico', '.svg'].join(
  ',',
);

type UploadOptions = {
  companyId: string;
  slot: BrandingImageSlot;
  file: Blob & { type: string; name?: string };
  /** 0…1 as the bytes go out. */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * `PUT MyCompanyBrandingImage/{slot}` with the raw file. XMLHttpRequest, not fetch: only it
 * reports upload progress, which the progress bar shows.
 */
export async function uploadBrandingImage({ companyId, slot, file, onProgress, signal }: UploadOptions) {
  const entry = await findEntry('MyCompanyBrandingImage');
  return uploadWithProgress<Branding>({
    method: 'PUT',
    href: entry.href.replace('{slot}', encodeURIComponent(slot)),
    companyId,
    contentType: imageTypeOf({ type: file.type, name: file.name ?? '' }),
    file,
    onProgress,
    signal,
  });
}
