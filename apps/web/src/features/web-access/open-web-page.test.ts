import { describe, expect, it, vi } from 'vitest';
import type { TFunction } from 'i18next';
import { deviceErrors, type WebAccessSession } from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import { openWebPage, webAccessErrorKey, webAccessErrorText } from './open-web-page.ts';

const session: WebAccessSession = {
  publicId: 'session00001',
  kind: 'http',
  url: 'http://0123456789abcdef0123456789abcdef.localhost:8080/__fleetgate/start?token=abc',
  tokenExpiresOn: '2026-11-25T01:01:00.000Z',
  viewOnly: false,
  agent: { publicId: 'agent0000001', name: 'Press 4' },
  server: { publicId: 'server000001', name: 'hmi', type: 'http' },
  createdOn: '2026-11-25T01:00:00.000Z',
  endedOn: null,
};

/** A blank tab as `window.open('', '_blank')` returns it. */
function fakeTab() {
  return { opener: {} as unknown, closed: false, close: vi.fn(), location: { href: 'about:blank' } };
}

const t = ((key: string) => `t:${key}`) as unknown as TFunction;

describe('openWebPage', () => {
  it('opens the tab before the session exists, then cuts its opener and sends it to the first URL', async () => {
    const tab = fakeTab();
    const order: string[] = [];
    const onError = vi.fn();
    const opened = await openWebPage({
      openTab: () => {
        order.push('open');
        return tab as unknown as Window;
      },
      create: () => {
        order.push('create');
        return Promise.resolve(session);
      },
      onError,
      onBlocked: vi.fn(),
    });
    expect(opened).toBe(true);
    expect(order).toEqual(['open', 'create']);
    expect(tab.opener).toBeNull();
    expect(tab.location.href).toBe(session.url);
    expect(tab.close).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('closes the tab and reports the error when the server refuses', async () => {
    const tab = fakeTab();
    const refusal = new ApiError(403, [{ message: deviceErrors.accessRequestRequired }]);
    const onError = vi.fn();
    const opened = await openWebPage({
      openTab: () => tab as unknown as Window,
      create: () => Promise.reject(refusal),
      onError,
      onBlocked: vi.fn(),
    });
    expect(opened).toBe(false);
    expect(tab.close).toHaveBeenCalledOnce();
    expect(tab.location.href).toBe('about:blank');
    expect(onError).toHaveBeenCalledWith(refusal);
  });

  it('reports the error without a tab when the browser blocked it', async () => {
    const onError = vi.fn();
    await openWebPage({
      openTab: () => null,
      create: () => Promise.reject(new ApiError(409, [{ message: deviceErrors.agentOffline }])),
      onError,
      onBlocked: vi.fn(),
    });
    expect(onError).toHaveBeenCalledOnce();
  });

  it('offers the URL another way when the tab was blocked or closed meanwhile', async () => {
    const onBlocked = vi.fn();
    expect(
      await openWebPage({
        openTab: () => null,
        create: () => Promise.resolve(session),
        onError: vi.fn(),
        onBlocked,
      }),
    ).toBe(false);
    const closed = { ...fakeTab(), closed: true };
    await openWebPage({
      openTab: () => closed as unknown as Window,
      create: () => Promise.resolve(session),
      onError: vi.fn(),
      onBlocked,
    });
    expect(onBlocked.mock.calls).toEqual([[session.url], [session.url]]);
  });
});

describe('webAccessErrorText', () => {
  it('words each device error web access answers with', () => {
    const cases: [number, string, string][] = [
      [403, deviceErrors.accessRequestRequired, 'accessRequestRequired'],
      [403, deviceErrors.connectNotAllowed, 'connectNotAllowed'],
      [403, deviceErrors.remoteControlNotAllowed, 'remoteControlNotAllowed'],
      [409, deviceErrors.agentOffline, 'agentOffline'],
      [400, deviceErrors.serviceNotWeb, 'serviceNotWeb'],
      [404, deviceErrors.serviceNotOnAgent, 'serviceNotOnAgent'],
      [409, deviceErrors.webAccessSessionLimit, 'webAccessSessionLimit'],
    ];
    for (const [status, message, key] of cases) {
      const error = new ApiError(status, [{ message }]);
      expect(webAccessErrorKey(error)).toBe(key);
      expect(webAccessErrorText(t, error)).toBe(`t:webAccess.errors.${key}`);
    }
  });

  it('leaves other failures to the general wording (429, unknown, not an API error)', () => {
    expect(webAccessErrorText(t, new ApiError(429, [{ message: 'Too many requests' }]))).toBe(
      't:apiErrors.rateLimited',
    );
    expect(webAccessErrorText(t, new ApiError(400, [{ message: 'Something new' }]))).toBe('Something new');
    expect(webAccessErrorText(t, new Error('network'))).toBe('t:errors.unexpected');
  });
});
