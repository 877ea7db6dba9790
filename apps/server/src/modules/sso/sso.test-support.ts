import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** The claims the test provider gives an account: its e-mail address and whether it is verified. */
export type TestIdentity = { email: string; email_verified: boolean };

export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Makes an identity the provider's login form accepts (any password); answers its subject. */
  addIdentity(identity: TestIdentity): string;
  /**
   * Drives the provider's own login and consent pages with plain HTTP (following redirects and
   * keeping cookies) and answers the query string it sends back to `/sso-callback`.
   */
  signIn(authorizationUrl: string, subject: string): Promise<string>;
  close(): Promise<void>;
};

/**
 * A real OpenID provider (oidc-provider) in this process on 127.0.0.1, with one confidential
 * client whose only redirect URI is `redirectUri`, PKCE required and its development login and
 * consent pages. Nothing is mocked: discovery, the token endpoint, ID token signatures and
 * UserInfo are the library's.
 */
export async function startTestOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const identities = new Map<string, TestIdentity>();
  let handler: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'fleetgate';
  const clientSecret = `secret-${Math.random().toString(36).slice(2)}-${Date.now()}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    cookies: { keys: ['fleetgate-test-oidc-cookies'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const identity = identities.get(id);
      if (!identity) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...identity }) };
    },
  });
  const callback = provider.callback();
  handler = (req, res) => void callback(req, res);

  let counter = 0;
  return {
    issuer,
    clientId,
    clientSecret,
    addIdentity(identity) {
      const subject = `subject-${Date.now().toString(36)}-${(counter++).toString(36)}`;
      identities.set(subject, identity);
      return subject;
    },
    async signIn(authorizationUrl, subject) {
      const cookies = new Map<string, string>();
      const callback = new URL(redirectUri);
      let url = authorizationUrl;
      let form: URLSearchParams | undefined;
      for (let step = 0; step < 20; step += 1) {
        const response = await fetch(url, {
          method: form ? 'POST' : 'GET',
          redirect: 'manual',
          headers: {
            cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
            ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          body: form?.toString(),
        });
        form = undefined;
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const at = pair!.indexOf('=');
          cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
        }
        const location = response.headers.get('location');
        if (location) {
          const next = new URL(location, url);
          if (next.origin === callback.origin && next.pathname === callback.pathname)
            return next.search.slice(1);
          url = next.href;
          continue;
        }
        const page = await response.text();
        if (page.includes('name="prompt" value="login"')) {
          form = new URLSearchParams({ prompt: 'login', login: subject, password: 'any' });
        } else if (page.includes('name="prompt" value="consent"')) {
          form = new URLSearchParams({ prompt: 'consent' });
        } else {
          throw new Error(
            `Unexpected page from the OpenID provider (${response.status}): ${page
              .replace(/<style>[\s\S]*<\/style>/, '')
              .replace(/<[^>]+>/g, ' ')
              .replace(/\s+/g, ' ')
              .slice(0, 600)}`,
          );
        }
      }
      throw new Error('The OpenID provider did not send the browser back');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
