import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/api-error.ts';
import { screensaverAccept, screensaverErrorText, screensaverProblem } from './screensaver-image.ts';

const file = (type: string, size: number) => ({ type, size });
const t = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key) as unknown as TFunction;

describe('screensaver image checks', () => {
  it('accepts PNG, JPEG and WebP up to 1 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp'])
      expect(screensaverProblem(file(type, 1024 * 1024))).toBeNull();
  });

  it('refuses other types (SVG and icons included), empty files and files over 1 MB', () => {
    for (const type of ['image/svg+xml', 'image/x-icon', 'image/gif', 'text/html', ''])
      expect(screensaverProblem(file(type, 100))).toBe('type');
    expect(screensaverProblem(file('image/png', 0))).toBe('empty');
    expect(screensaverProblem(file('image/png', 1024 * 1024 + 1))).toBe('size');
  });

  it('offers only the accepted types in the file chooser', () => {
    expect(screensaverAccept).toBe('image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp');
  });

  it('words the server’s refusals, and leaves other errors to the general text', () => {
    expect(screensaverErrorText(new ApiError(413, []), t)).toBe('screensaver.problems.size {"maxMb":1}');
    expect(
      screensaverErrorText(
        new ApiError(400, [
          { message: 'Unsupported image type: use PNG, JPEG or WebP', propertyName: 'file' },
        ]),
        t,
      ),
    ).toBe('screensaver.problems.type');
    expect(
      screensaverErrorText(
        new ApiError(400, [{ message: 'Agent has no display', propertyName: 'agent' }]),
        t,
      ),
    ).toBe('screensaver.problems.noDisplay');
    expect(screensaverErrorText(new ApiError(403, [{ message: 'Missing capability' }]), t)).toBeNull();
    expect(screensaverErrorText(new Error('x'), t)).toBeNull();
  });
});
