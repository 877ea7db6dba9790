import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

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

// Where each running server (by base URL) writes its e-mails: its servers register them here.
const outboxes = new Map<string, string>();

export function rememberOutbox(baseUrl: string, outboxDir: string): void {
  outboxes.set(baseUrl, outboxDir);
}

/** The newest registration link the server at baseUrl mailed to an address. */
export async function confirmationLink(baseUrl: string, emailAddress: string): Promise<string> {
  const outboxDir = outboxes.get(baseUrl);
  if (!outboxDir) throw new Error(`No outbox known for ${baseUrl}`);
  const names = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml')).sort();
  const links: string[] = [];
  for (const name of names) {
    // Undo quoted-printable line breaks, so a long link reads in one piece.
    const text = (await readFile(path.join(outboxDir, name), 'utf8')).replace(/=\r?\n/g, '');
    if (!text.toLowerCase().includes(`to: ${emailAddress.toLowerCase()}`)) continue;
    links.push(
      ...[...text.matchAll(/https?:\/\/[^\s"<>]+\/register\/confirm#[A-Za-z0-9_-]{43}/g)].map((m) => m[0]),
    );
  }
  const link = links.at(-1);
  if (!link) throw new Error(`No confirmation link was mailed to ${emailAddress}`);
  return link;
}

/** Registers and confirms the address with the mailed link, as a person would. */
export async function registerThroughApi(baseUrl: string, account: Account): Promise<void> {
  const post = (rel: string, body: unknown) =>
    fetch(`${baseUrl}/api/${rel}`, {
      method: 'POST',
      headers: { 'Api-Version': '2', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const response = await post('RegistrationList', account);
  if (response.status !== 202)
    throw new Error(`Registration failed: ${response.status} ${await response.text()}`);
  const token = new URL(await confirmationLink(baseUrl, account.emailAddress)).hash.slice(1);
  const confirmed = await post('RegistrationConfirmationList', { token });
  if (confirmed.status !== 201)
    throw new Error(`Confirmation failed: ${confirmed.status} ${await confirmed.text()}`);
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
