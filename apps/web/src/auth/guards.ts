import { redirect, type LoaderFunctionArgs } from 'react-router';
import { getSession } from './session.ts';

/** Only same-site paths may be continued to after logging in. */
export function safeNextPath(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : null;
}

export function requireSession({ request }: LoaderFunctionArgs) {
  if (getSession()) return null;
  const url = new URL(request.url);
  const next = url.pathname + url.search;
  return redirect(next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`);
}

export function redirectIfSignedIn() {
  return getSession() ? redirect('/') : null;
}
