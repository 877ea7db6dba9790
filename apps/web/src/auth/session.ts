import type { AccessToken } from '@fleetgate/contracts';
import { createStoredValue } from '../app/stored-value.ts';

export type Session = AccessToken;

function parseSession(raw: unknown): Session | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { publicId, secretId, expiresOn } = raw as Record<string, unknown>;
  if (typeof publicId !== 'string' || typeof secretId !== 'string' || typeof expiresOn !== 'string') {
    return null;
  }
  return { publicId, secretId, expiresOn };
}

function parseCompanyId(raw: unknown): string | null {
  return typeof raw === 'string' && raw.length > 0 ? raw : null;
}

const storedSession = createStoredValue('fleetgate.session', null, parseSession);
const storedCompanyId = createStoredValue('fleetgate.company', null, parseCompanyId);

function isExpired(session: Session): boolean {
  const expiresAt = Date.parse(session.expiresOn);
  return Number.isFinite(expiresAt) && expiresAt <= Date.now();
}

/** The signed-in session, or null when there is none or it has expired. */
export function getSession(): Session | null {
  const session = storedSession.get();
  return session && !isExpired(session) ? session : null;
}

export function setSession(session: Session): void {
  storedSession.set(session);
}

export function getCompanyId(): string | null {
  return storedCompanyId.get();
}

export function setCompanyId(companyId: string): void {
  storedCompanyId.set(companyId);
}

export function clearCompanyId(): void {
  storedCompanyId.clear();
}

/** Forgets the access token and the selected company. */
export function clearSession(): void {
  storedSession.clear();
  storedCompanyId.clear();
}

export function useCompanyId(): string | null {
  return storedCompanyId.useValue();
}

export function useSession(): Session | null {
  const session = storedSession.useValue();
  return session && !isExpired(session) ? session : null;
}
