import {
  backendComponentLimits,
  backendComponentTemplateConfigCreateInput,
  backendComponentTemplateConfigPatchInput,
  errorMessages,
} from '@fleetgate/contracts';
import type { z } from 'zod';
import type { SecretBox } from '../../auth/secret-box.ts';
import type { Db } from '../../db/client.ts';
import { ApiError, badRequest, notFound } from '../../http/errors.ts';
import { newPublicId } from '../../http/ids.ts';
import type { MutationContext } from '../../http/resource.ts';
import { sealSecret, WriteOnlySecrets } from './config-secrets.ts';
import { referencedTemplate, requireProvisioned } from './template-access.policy.ts';
import {
  configExists,
  deleteConfig,
  findConfigs,
  insertConfig,
  updateConfig,
  type ConfigValues,
  type ConfigView,
} from './template-config.repository.ts';

const wrapSecrets = <T extends { secrets?: Record<string, string | null> | undefined }>(input: T) => ({
  ...input,
  secrets: input.secrets === undefined ? undefined : new WriteOnlySecrets(input.secrets),
});

export const configCreateSchema = backendComponentTemplateConfigCreateInput.transform(wrapSecrets);
export const configPatchSchema = backendComponentTemplateConfigPatchInput.transform(wrapSecrets);

type CreateInput = z.output<typeof configCreateSchema>;
type PatchInput = z.output<typeof configPatchSchema>;

/** One namespace for the function: a name is a value or a secret, and the entries stay bounded. */
function checkEntries(config: ConfigValues) {
  const clash = Object.keys(config.secrets).find((name) => Object.hasOwn(config.values, name));
  if (clash !== undefined) throw badRequest(errorMessages.duplicate, `secrets.${clash}`);
  const entries = Object.keys(config.values).length + Object.keys(config.secrets).length;
  if (entries > backendComponentLimits.configEntries) {
    throw badRequest(`At most ${backendComponentLimits.configEntries} entries`, 'secrets');
  }
}

/** Applies sent secrets to the sealed ones: a value seals it anew, null removes it, others stay. */
function mergeSecrets(
  box: SecretBox,
  publicId: string,
  stored: Record<string, string>,
  sent: WriteOnlySecrets | undefined,
): Record<string, string> {
  const merged = { ...stored };
  for (const [name, value] of Object.entries(sent?.reveal() ?? {})) {
    if (value === null) delete merged[name];
    else merged[name] = sealSecret(box, publicId, name, value);
  }
  return merged;
}

async function reread(trx: Db, companyId: number, publicId: string) {
  const [row] = await findConfigs(trx, companyId, [publicId]);
  if (!row) throw notFound();
  return row;
}

export function createConfigService(box: SecretBox) {
  return {
    create: async (trx: Db, ctx: MutationContext, input: CreateInput) => {
      const companyId = ctx.company.id;
      await requireProvisioned(trx, companyId);
      const template = await referencedTemplate(trx, companyId, input.template.publicId);
      if (await configExists(trx, companyId, template.id)) {
        throw new ApiError(409, [{ message: errorMessages.duplicate, propertyName: 'template.publicId' }]);
      }
      const publicId = newPublicId();
      const config: ConfigValues = {
        values: input.values ?? {},
        secrets: mergeSecrets(box, publicId, {}, input.secrets),
        allowedHosts: [...new Set(input.allowedHosts ?? [])],
      };
      checkEntries(config);
      await insertConfig(trx, companyId, template.id, publicId, config);
      return reread(trx, companyId, publicId);
    },

    /** `values` and `allowedHosts` replace the stored ones; `secrets` change by name. */
    change: async (trx: Db, ctx: MutationContext, row: ConfigView, input: PatchInput) => {
      const config: ConfigValues = {
        values: input.values ?? row.values,
        secrets: mergeSecrets(box, row.public_id, row.secrets, input.secrets),
        allowedHosts: input.allowedHosts === undefined ? row.allowed_hosts : [...new Set(input.allowedHosts)],
      };
      checkEntries(config);
      await updateConfig(trx, row.id, config);
      return reread(trx, ctx.company.id, row.public_id);
    },

    remove: async (trx: Db, _ctx: MutationContext, row: ConfigView) => {
      await deleteConfig(trx, row.id);
    },
  };
}
