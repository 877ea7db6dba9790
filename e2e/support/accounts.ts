import { randomBytes } from 'node:crypto';

export type Account = { name: string; emailAddress: string; password: string };

/** A fresh user every time, so tests never depend on each other or on order. */
export function uniqueAccount(label: string): Account {
  const id = randomBytes(5).toString('hex');
  return {
    name: `${label} ${id}`,
    emailAddress: `${label.toLowerCase().replace(/\W+/g, '-')}-${id}@example.com`,
    password: `Gate-${id}-Keeper!`,
  };
}

export async function registerThroughApi(baseUrl: string, account: Account): Promise<void> {
  const response = await fetch(`${baseUrl}/api/RegistrationList`, {
    method: 'POST',
    headers: { 'Api-Version': '2', 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (response.status !== 201)
    throw new Error(`Registration failed: ${response.status} ${await response.text()}`);
}

/** Revokes an access token the way another tab or an administrator would. */
export async function revokeThroughApi(
  baseUrl: string,
  token: { publicId: string; secretId: string },
): Promise<void> {
  const response = await fetch(`${baseUrl}/api/AccessTokenList`, {
    method: 'DELETE',
    headers: {
      'Api-Version': '2',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token.secretId}`,
    },
    body: JSON.stringify([{ publicId: token.publicId }]),
  });
  if (response.status !== 200)
    throw new Error(`Revoking failed: ${response.status} ${await response.text()}`);
}
