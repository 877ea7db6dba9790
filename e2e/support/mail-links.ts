import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The newest link matching `pattern` in the mails an outbox holds for an address. Some mails
 * are sent just after the server answered, so this waits up to `timeoutMs` for one to arrive.
 */
export async function mailedLink(
  outboxDir: string,
  emailAddress: string,
  pattern: RegExp,
  { atLeast = 1, timeoutMs = 10_000 } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const links = await linksIn(outboxDir, emailAddress, pattern);
    if (links.length >= atLeast) return links.at(-1)!;
    if (Date.now() > deadline) throw new Error(`No link matching ${pattern} was mailed to ${emailAddress}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function linksIn(outboxDir: string, emailAddress: string, pattern: RegExp): Promise<string[]> {
  const names = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml')).sort();
  const links: string[] = [];
  for (const name of names) {
    // Undo quoted-printable: soft line breaks and escaped characters such as "=3D".
    const text = (await readFile(path.join(outboxDir, name), 'utf8'))
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (!text.toLowerCase().includes(`to: ${emailAddress.toLowerCase()}`)) continue;
    links.push(...[...text.matchAll(new RegExp(pattern.source, 'g'))].map((m) => m[0]));
  }
  // A mail carries its link in the text and in the HTML part: each link counts once.
  return [...new Set(links)];
}
