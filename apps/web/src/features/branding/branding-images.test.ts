import { describe, expect, it } from 'vitest';
import { imageProblem, imageTypeOf } from './branding-images.ts';

const file = (type: string, size: number, name = 'logo.png') => ({ type, size, name });

describe('branding image checks', () => {
  it('accepts the server’s types within each slot’s limit', () => {
    expect(imageProblem('logoLight', file('image/png', 512 * 1024))).toBeNull();
    expect(imageProblem('logoDark', file('image/svg+xml', 1000, 'logo.svg'))).toBeNull();
    expect(imageProblem('favicon', file('image/x-icon', 64 * 1024, 'favicon.ico'))).toBeNull();
  });

  it('refuses files over the limit, naming it', () => {
    expect(imageProblem('logoLight', file('image/png', 512 * 1024 + 1))).toEqual({
      kind: 'size',
      maxKb: 512,
    });
    expect(imageProblem('favicon', file('image/png', 64 * 1024 + 1))).toEqual({ kind: 'size', maxKb: 64 });
  });

  it('refuses other types and empty files', () => {
    expect(imageProblem('logoLight', file('image/gif', 100, 'logo.gif'))).toEqual({ kind: 'type' });
    expect(imageProblem('logoLight', file('text/html', 100, 'logo.html'))).toEqual({ kind: 'type' });
    expect(imageProblem('logoLight', file('image/png', 0))).toEqual({ kind: 'empty' });
  });

  it('takes a type-less .ico as an icon', () => {
    expect(imageTypeOf({ type: '', name: 'FAVICON.ICO' })).toBe('image/x-icon');
    expect(imageTypeOf({ type: '', name: 'logo' })).toBe('');
    expect(imageProblem('favicon', file('', 10, 'site.ico'))).toBeNull();
  });
});
