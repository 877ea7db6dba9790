import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecretBox, secretKeyFileName } from '../../auth/secret-box.ts';

const dirs: string[] = [];
async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'fleetgate-secret-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('secret box', () => {
  it('opens what it sealed, only with the same context and key', () => {
    const envKey = randomBytes(32).toString('base64');
    const box = createSecretBox({ envKey, dataDir: '/nonexistent' });
    const sealed = box.seal('päss wörd', 'MqttBroker/a');
    expect(sealed).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(sealed).not.toBe(box.seal('päss wörd', 'MqttBroker/a'));
    expect(box.open(sealed, 'MqttBroker/a')).toBe('päss wörd');
    expect(() => box.open(sealed, 'MqttBroker/b')).toThrow();
    const other = createSecretBox({ envKey: randomBytes(32).toString('base64'), dataDir: '/nonexistent' });
    expect(() => other.open(sealed, 'MqttBroker/a')).toThrow();
    const [v, iv, tag, body] = sealed.split(':');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64url')].join(':'), 'MqttBroker/a')).toThrow();
    expect(() => box.open([v, iv, tag!.slice(0, 8), body].join(':'), 'MqttBroker/a')).toThrow();
    expect(() => box.open('garbage', 'MqttBroker/a')).toThrow('Not a sealed secret');
  });

  it('refuses an environment key that is not 32 bytes of base64 at once', () => {
    for (const envKey of [
      'short',
      randomBytes(16).toString('base64'),
      `${randomBytes(32).toString('base64')}!`,
    ]) {
      expect(() => createSecretBox({ envKey, dataDir: '/nonexistent' })).toThrow(/FLEETGATE_SECRET_KEY/);
    }
  });

  it('creates the key file once, private to the server, on first use', async () => {
    const dataDir = path.join(await tempDir(), 'nested');
    const box = createSecretBox({ envKey: undefined, dataDir });
    const file = path.join(dataDir, secretKeyFileName);
    await expect(stat(file)).rejects.toThrow();
    const sealed = box.seal('secret', 'ctx');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')).toHaveLength(32);
    // A restarted server reads the same key.
    expect(createSecretBox({ envKey: '', dataDir }).open(sealed, 'ctx')).toBe('secret');
  });

  it('refuses a damaged key file', async () => {
    const dataDir = await tempDir();
    await writeFile(path.join(dataDir, secretKeyFileName), 'not a key\n');
    const box = createSecretBox({ envKey: undefined, dataDir });
    expect(() => box.seal('secret', 'ctx')).toThrow(/secret\.key must hold 32 random bytes/);
  });
});
