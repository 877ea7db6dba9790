import { describe, expect, it } from 'vitest';
import {
  helpCentreOrigin,
  helpContextMessage,
  helpFrameReducer,
  initialHelpFrameState,
  isHelpReadyMessage,
  type HelpFrameState,
} from './help-centre-messages.ts';

describe('helpContextMessage', () => {
  it('carries the permissions, language and route path, and nothing else', () => {
    const message = helpContextMessage({
      permissions: ['users.manage', 'helpCentre.use', 'users.manage'],
      language: 'de',
      path: '/devices',
    });
    expect(message).toEqual({
      type: 'fleetgate.help.context',
      version: 1,
      permissions: ['helpCentre.use', 'users.manage'],
      language: 'de',
      path: '/devices',
    });
  });

  it('drops a query or fragment from the path', () => {
    const path = (input: string) => helpContextMessage({ permissions: [], language: 'en', path: input }).path;
    expect(path('/register/confirm#secret-token')).toBe('/register/confirm');
    expect(path('/users?search=alice@example.com')).toBe('/users');
    expect(path('?x=1')).toBe('/');
  });
});

describe('helpCentreOrigin', () => {
  it('is the scheme, host and port of an http(s) address', () => {
    expect(helpCentreOrigin('https://help.example.com/docs/start?x=1')).toBe('https://help.example.com');
    expect(helpCentreOrigin('http://127.0.0.1:9400/')).toBe('http://127.0.0.1:9400');
  });

  it('is null for anything else', () => {
    expect(helpCentreOrigin('javascript:alert(1)')).toBeNull();
    expect(helpCentreOrigin('/help')).toBeNull();
  });
});

describe('isHelpReadyMessage', () => {
  const origin = 'https://help.example.com';
  const frameWindow = { name: 'the frame' };
  const ready = { type: 'fleetgate.help.ready' };

  it('accepts the ready message from the frame on the help origin', () => {
    expect(isHelpReadyMessage({ origin, source: frameWindow, data: ready }, origin, frameWindow)).toBe(true);
  });

  it('refuses other origins, other windows, other data and a missing frame', () => {
    const other = { name: 'another window' };
    expect(
      isHelpReadyMessage(
        { origin: 'https://evil.example', source: frameWindow, data: ready },
        origin,
        frameWindow,
      ),
    ).toBe(false);
    expect(isHelpReadyMessage({ origin, source: other, data: ready }, origin, frameWindow)).toBe(false);
    expect(
      isHelpReadyMessage({ origin, source: frameWindow, data: 'fleetgate.help.ready' }, origin, frameWindow),
    ).toBe(false);
    expect(isHelpReadyMessage({ origin, source: frameWindow, data: null }, origin, frameWindow)).toBe(false);
    expect(
      isHelpReadyMessage({ origin, source: frameWindow, data: { type: 'other' } }, origin, frameWindow),
    ).toBe(false);
    expect(isHelpReadyMessage({ origin, source: null, data: ready }, origin, null)).toBe(false);
  });
});

describe('helpFrameReducer', () => {
  const failed: HelpFrameState = { attempt: 0, status: 'failed' };

  it('fails when the first frame times out before it is ready', () => {
    expect(helpFrameReducer(initialHelpFrameState, { type: 'timeout', attempt: 0 })).toEqual(failed);
  });

  it('stays ready when the timer fires after the ready message', () => {
    const ready = helpFrameReducer(initialHelpFrameState, { type: 'ready' });
    expect(ready.status).toBe('ready');
    expect(helpFrameReducer(ready, { type: 'timeout', attempt: 0 })).toBe(ready);
  });

  it('clears a failure when the help centre answers late', () => {
    expect(helpFrameReducer(failed, { type: 'ready' })).toEqual({ attempt: 0, status: 'ready' });
  });

  it("loads a new frame on retry and ignores the old frame's timer", () => {
    const retried = helpFrameReducer(failed, { type: 'retry' });
    expect(retried).toEqual({ attempt: 1, status: 'loading' });
    expect(helpFrameReducer(retried, { type: 'timeout', attempt: 0 })).toBe(retried);
    expect(helpFrameReducer(retried, { type: 'timeout', attempt: 1 })).toEqual({
      attempt: 1,
      status: 'failed',
    });
  });
});
