import { z } from 'zod';
import {
  companyPropertyErrorMessages,
  companySettingPrefix,
  companySettingSchemas,
  customFieldValueSchema,
  errorMessages,
  isCompanySettingKey,
  type CompanyPropertyCreateInput,
  type CompanyPropertyPatchInput,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { CompanyCustomPropertyRow, CustomFieldRow } from '../../db/schema.ts';
import { badRequest, conflict, parseInput } from '../../http/errors.ts';
import type { MutationContext } from '../../http/resource.ts';
import {
  companyPropertyKeyTaken,
  deleteCompanyProperty,
  findCompanyField,
  findFieldById,
  insertCompanyProperty,
  updateCompanyPropertyValue,
} from './company-property.repository.ts';

/** What a key stands for: a setting (`custom.*`) or a custom field of entity `company`. */
type Definition = { schema: z.ZodType; field: CustomFieldRow | null };

async function definitionOfKey(trx: Db, companyId: number, key: string): Promise<Definition> {
  if (key.startsWith(companySettingPrefix)) {
    if (!isCompanySettingKey(key)) throw badRequest(companyPropertyErrorMessages.unknownKey, 'key');
    return { schema: companySettingSchemas[key], field: null };
  }
  const field = await findCompanyField(trx, companyId, key);
  if (!field) throw badRequest(companyPropertyErrorMessages.unknownKey, 'key');
  return { schema: customFieldValueSchema(field), field };
}

async function definitionOfRow(trx: Db, row: CompanyCustomPropertyRow): Promise<Definition> {
  if (row.custom_field_id === null) {
    if (!isCompanySettingKey(row.key)) throw badRequest(companyPropertyErrorMessages.unknownKey, 'key');
    return { schema: companySettingSchemas[row.key], field: null };
  }
  const field = await findFieldById(trx, row.custom_field_id);
  return { schema: customFieldValueSchema(field), field };
}

/** The value as its definition stores it (text trimmed), or a 400 naming `value`. */
function checkedValue(definition: Definition, value: unknown): unknown {
  return parseInput(z.object({ value: definition.schema }), { value }).value;
}

export async function createCompanyProperty(
  trx: Db,
  ctx: MutationContext,
  input: CompanyPropertyCreateInput,
) {
  const definition = await definitionOfKey(trx, ctx.company.id, input.key);
  const value = checkedValue(definition, input.value);
  if (await companyPropertyKeyTaken(trx, ctx.company.id, input.key))
    throw conflict(companyPropertyErrorMessages.keyInUse, 'key');
  try {
    return await insertCompanyProperty(trx, {
      companyId: ctx.company.id,
      key: input.key,
      customFieldId: definition.field?.id ?? null,
      value,
    });
  } catch (error) {
    // A parallel request stored the same key between the check and this insert.
    if ((error as { code?: unknown }).code === '23505')
      throw conflict(companyPropertyErrorMessages.keyInUse, 'key');
    throw error;
  }
}

export async function changeCompanyProperty(
  trx: Db,
  _ctx: MutationContext,
  row: CompanyCustomPropertyRow,
  input: CompanyPropertyPatchInput,
) {
  const value = checkedValue(await definitionOfRow(trx, row), input.value);
  return updateCompanyPropertyValue(trx, row.id, value);
}

/** A required field keeps its value: it can be changed, not removed. */
export async function removeCompanyProperty(trx: Db, _ctx: MutationContext, row: CompanyCustomPropertyRow) {
  const definition = await definitionOfRow(trx, row);
  if (definition.field?.required) throw badRequest(errorMessages.required, 'value');
  await deleteCompanyProperty(trx, row.id);
}
