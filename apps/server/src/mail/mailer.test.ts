import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';
import { invitationMail } from './invitation-mail.ts';

const mail = invitationMail({
  to: 'ada@example.com',
  companyName: 'Acme <Plant>',
  roleName: 'Engineer',
  inviterName: 'Grace',
  acceptUrl: 'https://fleet.example.com/my-companies',
  expiresOn: new Date('2030-01-15T10:00:00Z'),
  language: 'en',
});

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A minimal SMTP server that records the DATA of each message. */
async function fakeSmtp(): Promise<{ port: number; messages: string[] }> {
  const messages: string[] = [];
  const server: Server = createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            messages.push(data);
            data = null;
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake\r\n');
        else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { port: address.port, messages };
}

describe('mailer', () => {
  it('writes each mail as an .eml file into the outbox without an SMTP server', async () => {
    const outboxDir = path.join(await mkdtemp(path.join(tmpdir(), 'fg-outbox-')), 'outbox');
    cleanups.push(() => rm(path.dirname(outboxDir), { recursive: true, force: true }));
    const mailer = createMailer({
      smtpUrl: undefined,
      mailFrom: 'Fleetgate <no-reply@fleetgate.invalid>',
      outboxDir,
    });
    expect(mailer.destination).toBe(`outbox ${outboxDir}`);
    await mailer.send(mail);
    await mailer.send(mail);
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(2);
    expect(files.every((f) => /^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/.test(f))).toBe(true);
    const text = await readFile(path.join(outboxDir, files[0]!), 'utf8');
    expect(text).toContain('From: Fleetgate <no-reply@fleetgate.invalid>');
    expect(text).toContain('To: ada@example.com');
    expect(text).toContain('Subject: Invitation to join Acme <Plant> on Fleetgate');
    expect(text).toContain('https://fleet.example.com/my-companies');
    expect(text).toContain('multipart/alternative');
    // HTML part escapes the company name.
    expect(text).toContain('Acme &#60;Plant&#62;');
  });

  it('sends through the configured SMTP server', async () => {
    const smtp = await fakeSmtp();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      mailFrom: 'ops@example.com',
      outboxDir: '/nonexistent',
    });
    expect(mailer.destination).toBe(`SMTP 127.0.0.1:${smtp.port}`);
    await mailer.send(mail);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]).toContain('To: ada@example.com');
    expect(smtp.messages[0]).toContain('From: ops@example.com');
  });

  it('says the expiry date and who invited in the text', () => {
    expect(mail.text).toContain('Grace invited you to join Acme <Plant> on Fleetgate as Engineer.');
    expect(mail.text).toContain('valid until 2030-01-15');
  });
});
