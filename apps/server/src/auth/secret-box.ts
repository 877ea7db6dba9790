import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Encrypts secrets the server must be able to use again (an MQTT broker's password), so they
 * cannot be hashed. AES-256-GCM under one server key; `context` (e.g. `MqttBroker/<publicId>`)
 * is authenticated with the box, so a box copied to another record does not open.
 */
export type SecretBox = {
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string;
};

export type SecretBoxOptions = {
  /** FLEETGATE_SECRET_KEY: 32 bytes in base64. Every server instance on one database needs the same. */
  envKey: string | undefined;
  /** Without envKey, the key is kept in `<dataDir>/secret.key` (created once, mode 0600). */
  dataDir: string;
};

export const secretKeyFileName = 'secret.key';
const version = 'v1';
const keyBytes = 32;
const ivBytes = 12;
const tagBytes = 16;

function decodeKey(text: string, origin: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== keyBytes || key.toString('base64') !== text.trim()) {
    throw new Error(`${origin} must hold ${keyBytes} random bytes in base64 (openssl rand -base64 32)`);
  }
  return key;
}

/** Reads the key file, or creates it when there is none; `wx` keeps two processes from both creating it. */
function loadKeyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, secretKeyFileName);
  try {
    return decodeKey(readFileSync(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(keyBytes);
  try {
    writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return decodeKey(readFileSync(file, 'utf8'), file);
  }
}

export function createSecretBox(options: SecretBoxOptions): SecretBox {
  // A wrong environment key fails at start-up; the key file is only touched when a secret is first used.
  let key: Buffer | undefined =
    options.envKey === undefined || options.envKey === ''
      ? undefined
      : decodeKey(options.envKey, 'FLEETGATE_SECRET_KEY');
  const currentKey = () => (key ??= loadKeyFile(options.dataDir));

  return {
    seal(plaintext, context) {
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv('aes-256-gcm', currentKey(), iv, { authTagLength: tagBytes });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [version, iv, cipher.getAuthTag(), sealed].map(encodePart).join(':');
    },
    open(box, context) {
      const [tag, iv, authTag, sealed] = box.split(':');
      if (tag !== version || !iv || !authTag || sealed === undefined) throw new Error('Not a sealed secret');
      // A fixed tag length refuses truncated tags, which GCM would otherwise accept.
      const decipher = createDecipheriv('aes-256-gcm', currentKey(), Buffer.from(iv, 'base64url'), {
        authTagLength: tagBytes,
      });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(authTag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** How every box begins (for SQL that picks the values not sealed yet). */
export const sealedPrefix = `${version}:`;

/**
 * Whether a stored value is a box (rather than a value stored in clear before its column was
 * sealed): boxes begin with their version tag, which base32 and base64url text cannot contain.
 */
export function isSealed(stored: string): boolean {
  return stored.startsWith(sealedPrefix);
}

function encodePart(part: string | Buffer): string {
  return typeof part === 'string' ? part : part.toString('base64url');
}

/**
 * A key for another purpose (the relay's internal links), derived from the server key, so every
 * instance sharing FLEETGATE_SECRET_KEY (or one data directory) derives the same one.
 */
export function deriveServerKey(options: SecretBoxOptions, purpose: string): Buffer {
  const key =
    options.envKey === undefined || options.envKey === ''
      ? loadKeyFile(options.dataDir)
      : decodeKey(options.envKey, 'FLEETGATE_SECRET_KEY');
  return createHmac('sha256', key).update(purpose).digest();
}
