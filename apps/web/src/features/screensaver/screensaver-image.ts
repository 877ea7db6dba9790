import {
  apiVersion,
  screensaverAgentParameter,
  screensaverErrorMessages,
  screensaverImageTypes,
  screensaverMaxBytes,
  type RouterDisplayScreensaver,
} from '@fleetgate/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/api-error.ts';
import { findEntry } from '../../api/discovery.ts';
import { uploadWithProgress } from '../../api/upload.ts';
import { getSession } from '../../auth/session.ts';

export type ScreensaverProblem = 'type' | 'size' | 'empty';

export const screensaverMaxMb = screensaverMaxBytes / (1024 * 1024);

/** The server's own rules, checked before anything is sent. */
export function screensaverProblem(file: Pick<File, 'type' | 'size'>): ScreensaverProblem | null {
  if (!(screensaverImageTypes as readonly string[]).includes(file.type)) return 'type';
  if (file.size === 0) return 'empty';
  return file.size > screensaverMaxBytes ? 'size' : null;
}

/** The file chooser's `accept`: the accepted types and their usual extensions. */
export const screensaverAccept = [...screensaverImageTypes, '.png', '.jpg', '.jpeg', '.webp'].join(',');

/** The server's refusals of an upload in the user's words; null for other errors. */
export function screensaverErrorText(error: unknown, t: TFunction): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 413 || error.hasMessage(screensaverErrorMessages.imageTooLarge))
    return t('screensaver.problems.size', { maxMb: screensaverMaxMb });
  if (error.hasMessage(screensaverErrorMessages.unsupportedImage)) return t('screensaver.problems.type');
  if (error.hasMessage(screensaverErrorMessages.noDisplay)) return t('screensaver.problems.noDisplay');
  return null;
}

/** `POST RouterDisplayScreensaverUpload?agent=…` with the raw file, reporting progress. */
export async function uploadScreensaver(options: {
  companyId: string;
  agentPublicId: string;
  file: File;
  onProgress: (fraction: number) => void;
}): Promise<RouterDisplayScreensaver> {
  const entry = await findEntry('RouterDisplayScreensaverUpload');
  return uploadWithProgress<RouterDisplayScreensaver>({
    method: 'POST',
    href: entry.href,
    query: { [screensaverAgentParameter]: options.agentPublicId },
    companyId: options.companyId,
    contentType: options.file.type,
    file: options.file,
    onProgress: options.onProgress,
  });
}

/** `GET RouterDisplayScreensaver/{publicId}` as a blob: the image needs the token, so no plain <img src>. */
export async function fetchScreensaverBlob(companyId: string, publicId: string): Promise<Blob> {
  const entry = await findEntry('RouterDisplayScreensaver');
  const url = new URL(entry.href.replace('{publicId}', encodeURIComponent(publicId)), window.location.origin);
  const session = getSession();
  const response = await fetch(url.pathname, {
    headers: {
      'Api-Version': apiVersion,
      'Api-Company': companyId,
      ...(session ? { Authorization: `Bearer ${session.secretId}` } : {}),
    },
  });
  if (!response.ok) throw new ApiError(response.status, []);
  return response.blob();
}
