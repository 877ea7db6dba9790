import { describe, expect, it } from 'vitest';
import { basicCredentials } from './basic-credentials.ts';

const decode = (header: string) => Buffer.from(header.replace(/^Basic /, ''), 'base64').toString('utf8');

describe('basicCredentials', () => {
  it('joins e-mail, one-time password and password with colons', () => {
    expect(decode(basicCredentials('ada@example.com', '', 'secret:with:colons'))).toBe(
      'ada@example.com::secret:with:colons',
    );
    expect(decode(basicCredentials('ada@example.com', '123456', 'pw'))).toBe('ada@example.com:123456:pw');
  });

  it('encodes the text as UTF-8', () => {
    expect(decode(basicCredentials('jürgen@example.com', '', 'Grüße€'))).toBe('jürgen@example.com::Grüße€');
  });
});
