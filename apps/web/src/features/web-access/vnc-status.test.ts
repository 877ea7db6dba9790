import { describe, expect, it } from 'vitest';
import { formatAccessEndReason, relayCloseCodes } from '@fleetgate/contracts';
import { isOver, statusOfClose, statusText } from './vnc-status.ts';

describe('viewer status from the relay close', () => {
  it('says who revoked the access, that it expired, or that it ended', () => {
    const revoked = statusOfClose(
      relayCloseCodes.accessEnded,
      formatAccessEndReason({ reason: 'revoked', by: 'Ada Admin' }),
    );
    expect(revoked).toEqual({ kind: 'revoked', by: 'Ada Admin' });
    expect(statusText(revoked as never)).toEqual({ key: 'revoked', name: 'Ada Admin' });
    expect(statusText({ kind: 'revoked', by: null })).toEqual({ key: 'revokedUnknown' });
    expect(statusOfClose(relayCloseCodes.accessEnded, 'ACCESS_EXPIRED')).toEqual({ kind: 'expired' });
    expect(statusOfClose(relayCloseCodes.accessEnded, 'CONNECT_NOT_ALLOWED')).toEqual({ kind: 'ended' });
  });

  it('says the device is offline when the agent went away, disconnected otherwise', () => {
    expect(statusOfClose(relayCloseCodes.agentGone, '')).toEqual({ kind: 'offline' });
    expect(statusOfClose(1006, '')).toEqual({ kind: 'closed' });
    expect(statusOfClose(1000, '')).toEqual({ kind: 'closed' });
  });

  it('asks for the screen password, and says when it was not accepted', () => {
    expect(statusText({ kind: 'password', failed: false })).toEqual({ key: 'password' });
    expect(statusText({ kind: 'password', failed: true })).toEqual({ key: 'passwordFailed' });
  });

  it('counts only connecting, connected and asking for the password as live', () => {
    expect(isOver({ kind: 'password', failed: false })).toBe(false);
    expect(isOver({ kind: 'connecting' })).toBe(false);
    expect(isOver({ kind: 'connected' })).toBe(false);
    expect(isOver({ kind: 'expired' })).toBe(true);
    expect(isOver({ kind: 'error', message: 'x' })).toBe(true);
  });
});
