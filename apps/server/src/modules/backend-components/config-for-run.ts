import type { SecretBox } from '../../auth/secret-box.ts';
import type { Db } from '../../db/client.ts';
import { openSecrets } from './config-secrets.ts';
import { findRunConfig } from './template-config.repository.ts';

export type RunConfig = {
  /** Plain values and opened secrets by name (a name is never both). */
  config: Record<string, string>;
  /** Hosts the run's fetch may reach; none without a config. */
  allowedHosts: string[];
};

/**
 * The config a company's run of a template gets. Without a stored config the run gets an empty
 * one and no hosts. Throws when a secret cannot be opened with this server's key (the key
 * changed): the run fails with that reason instead of running without its secret.
 */
export async function loadRunConfig(
  db: Db,
  companyId: number,
  templateId: number,
  box: SecretBox,
): Promise<RunConfig> {
  const row = await findRunConfig(db, companyId, templateId);
  if (!row) return { config: {}, allowedHosts: [] };
  return {
    config: { ...row.values, ...openSecrets(box, row.public_id, row.secrets) },
    allowedHosts: row.allowed_hosts,
  };
}
