import { describe, expect, it } from 'vitest';
import { jumpStartLinkOf, readJumpStartParams, safeRedirect } from './jump-start.ts';

const origin = 'https://portal.example.com';

describe('safeRedirect', () => {
  it.each([
    ['/access-requests', '/access-requests'],
    ['/agents?x=1#top', '/agents?x=1#top'],
  ])('keeps the same-site path %j', (raw, expected) => {
    expect(safeRedirect(raw, origin)).toBe(expected);
  });

  it.each([
    null,
    '',
    'access-requests',
    '//evil.example.com/x',
    '/\\evil.example.com',
    'https://evil.example.com/',
    'javascript:alert(1)',
  ])('refuses %j', (raw) => {
    expect(safeRedirect(raw, origin)).toBeNull();
  });
});

describe('readJumpStartParams', () => {
  it('reads token, company and redirect', () => {
    expect(readJumpStartParams('?token=abc&company=c00000000001&redirect=%2Fagents', origin)).toEqual({
      token: 'abc',
      company: 'c00000000001',
      redirect: '/agents',
    });
  });

  it('drops a malformed company and an off-site redirect', () => {
    expect(readJumpStartParams('?token=abc&company=../x&redirect=https://evil.example.com', origin)).toEqual({
      token: 'abc',
      company: null,
      redirect: null,
    });
    expect(readJumpStartParams('', origin).token).toBeNull();
  });
});

describe('jumpStartLinkOf', () => {
  it('builds a link that reads back to the same values', () => {
    const link = jumpStartLinkOf(origin, 's3cr3t+/=', 'c00000000001', '/access-requests?tab=mine');
    expect(link.startsWith(`${origin}/jump-start?`)).toBe(true);
    expect(readJumpStartParams(new URL(link).search, origin)).toEqual({
      token: 's3cr3t+/=',
      company: 'c00000000001',
      redirect: '/access-requests?tab=mine',
    });
  });
});
