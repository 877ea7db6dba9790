import { inspect } from 'node:util';
import { createSecretBox, type SecretBox } from '../../auth/secret-box.ts';
import type { Config } from '../../config.ts';

/** The box config secrets are sealed with: the server key every process on one database shares. */
export function backendComponentSecretBox(config: Pick<Config, 'dataDir'>): SecretBox {
  return createSecretBox({ envKey: process.env.FLEETGATE_SECRET_KEY, dataDir: config.dataDir });
}

/** A sealed secret opens only for its own config and name: a box copied elsewhere does not. */
const secretContext = (configPublicId: string, name: string) =>
  `BackendComponentTemplateConfig/${configPublicId}/${name}`;

export function sealSecret(box: SecretBox, configPublicId: string, name: string, value: string): string {
  return box.seal(value, secretContext(configPublicId, name));
}

export function openSecrets(
  box: SecretBox,
  configPublicId: string,
  sealed: Record<string, string>,
): Record<string, string> {
  const opened: Record<string, string> = {};
  for (const [name, sealedValue] of Object.entries(sealed)) {
    try {
      opened[name] = box.open(sealedValue, secretContext(configPublicId, name));
    } catch {
      throw new Error(`The secret "${name}" cannot be read with this server key; enter it again`);
    }
  }
  return opened;
}

/**
 * Secrets as sent by the client. Resources answer a create with the input merged into the
 * stored object, and inputs may be logged: this wrapper serializes to nothing and prints as a
 * placeholder, so the values only leave through reveal().
 */
export class WriteOnlySecrets {
  readonly #secrets: Record<string, string | null>;

  constructor(secrets: Record<string, string | null>) {
    this.#secrets = secrets;
  }

  reveal(): Record<string, string | null> {
    return this.#secrets;
  }

  toJSON(): undefined {
    return undefined;
  }

  toString(): string {
    return '[write-only]';
  }

  [inspect.custom](): string {
    return '[write-only]';
  }
}
