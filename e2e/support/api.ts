import type { ShellServer, SignedIn } from './shell-server.ts';

/** A call to the API as `user`, in the user's company; fails the test on any error status. */
export async function callApi<T>(
  server: Pick<ShellServer, 'baseUrl'>,
  user: SignedIn,
  method: string,
  rel: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api/${rel}`, {
    method,
    headers: {
      'Api-Version': '2',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      Authorization: `Bearer ${user.token.secretId}`,
      'Api-Company': user.companyPublicId,
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${rel}: ${response.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}
