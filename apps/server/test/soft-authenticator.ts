import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software WebAuthn authenticator for API tests: a real ES256 key, 'none' attestation and
 * authenticator data built byte by byte as the specification lays them out, so the server's
 * verifier checks genuine signatures (no part of it is mocked).
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor> | { [key: string]: Cbor };

/** The few CBOR major types WebAuthn needs: integers, byte and text strings, arrays and maps. */
export function encodeCbor(value: Cbor): Buffer {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error('only integers');
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(encodeCbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([
    head(5, entries.length),
    ...entries.flatMap(([k, v]) => [encodeCbor(k), encodeCbor(v)]),
  ]);
}

function head(major: number, length: number): Buffer {
  const type = major << 5;
  if (length < 24) return Buffer.from([type | length]);
  if (length < 0x100) return Buffer.from([type | 24, length]);
  if (length < 0x10000) return Buffer.from([type | 25, length >> 8, length & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = type | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

export const flags = { up: 0x01, uv: 0x04, at: 0x40 } as const;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function u32(n: number) {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

export type Ceremony = {
  /** The origin the browser would report; the server's own by default. */
  origin?: string;
  /** The RP ID the authenticator hashes; the options' by default. */
  rpId?: string;
  /** The flags byte; UP|UV (and AT when registering) by default. */
  flagBits?: number;
};

export type RegistrationOptions = {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
};
export type AuthenticationOptions = { challenge: string; rpId?: string };

/** One passkey held by the software authenticator, with its own key and signature counter. */
export class SoftPasskey {
  readonly credentialId = randomBytes(32);
  readonly #privateKey: KeyObject;
  readonly #publicKey: KeyObject;
  counter: number;
  userHandle: string | undefined;
  readonly origin: string;

  constructor(origin: string, options: { counter?: number } = {}) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.#privateKey = pair.privateKey;
    this.#publicKey = pair.publicKey;
    this.counter = options.counter ?? 0;
    this.origin = origin;
  }

  get id() {
    return b64url(this.credentialId);
  }

  #coseKey(): Buffer {
    const jwk = this.#publicKey.export({ format: 'jwk' });
    return encodeCbor(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  /** navigator.credentials.create() as RegistrationResponseJSON. */
  register(options: RegistrationOptions, ceremony: Ceremony = {}) {
    const rpId = ceremony.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    this.userHandle = options.user.id;
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: ceremony.origin ?? this.origin,
      crossOrigin: false,
    });
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([ceremony.flagBits ?? flags.up | flags.uv | flags.at]),
      u32(this.counter),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      this.#coseKey(),
    ]);
    const attestationObject = encodeCbor({ fmt: 'none', attStmt: {}, authData });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(Buffer.from(clientDataJSON)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() as AuthenticationResponseJSON; the counter grows when it is in use. */
  authenticate(options: AuthenticationOptions, ceremony: Ceremony = {}) {
    const rpId = ceremony.rpId ?? options.rpId ?? new URL(this.origin).hostname;
    if (this.counter > 0) this.counter += 1;
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: options.challenge,
        origin: ceremony.origin ?? this.origin,
      }),
    );
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([ceremony.flagBits ?? flags.up | flags.uv]),
      u32(this.counter),
    ]);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.#privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  }
}
