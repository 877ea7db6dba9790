import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { readEnvelope } from './envelope.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('readEnvelope', () => {
  it('returns the success envelope', async () => {
    const envelope = await readEnvelope<{ name: string }[]>(
      json(200, { type: 'CompanyList', status: 'success', data: [{ name: 'Acme' }], moreAfter: null }),
    );
    expect(envelope.data).toEqual([{ name: 'Acme' }]);
    expect(envelope.moreAfter).toBeNull();
  });

  it('throws an ApiError with the status and the error list', async () => {
    const errors = [{ message: 'Password is too common', propertyName: 'password' }];
    const error = await readEnvelope(json(400, { type: 'Error', status: 'error', data: errors })).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).errors).toEqual(errors);
    expect((error as ApiError).hasMessage('Password is too common')).toBe(true);
  });

  it('treats a body that is not an envelope as an unavailable server', async () => {
    const error = (await readEnvelope(new Response('<html>Bad gateway</html>', { status: 502 })).catch(
      (caught: unknown) => caught,
    )) as ApiError;
    expect(error.status).toBe(502);
    expect(error.errors).toEqual([]);
    expect(error.isUnavailable).toBe(true);
  });
});
