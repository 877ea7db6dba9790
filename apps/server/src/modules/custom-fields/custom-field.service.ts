import type { z } from 'zod';
import {
  customFieldErrorMessages,
  errorMessages,
  limits,
  type CustomFieldType,
  type customFieldCreateInput,
  type customFieldPatchInput,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { CustomFieldRow } from '../../db/schema.ts';
import { ApiError, badRequest, conflict } from '../../http/errors.ts';
import type { MutationContext } from '../../http/resource.ts';
import {
  customFieldValueTaken,
  deleteCustomField,
  highestCustomFieldOrder,
  insertCustomField,
  updateCustomField,
} from './custom-field.repository.ts';

type CreateInput = z.output<typeof customFieldCreateInput>;
type PatchInput = z.output<typeof customFieldPatchInput>;

/** Only select fields have options, and a select field needs at least one, each listed once. */
function checkOptions(type: CustomFieldType, options: string[]) {
  if (type !== 'select') {
    if (options.length > 0) throw badRequest(customFieldErrorMessages.optionsNotAllowed, 'options');
    return;
  }
  if (options.length === 0) throw badRequest(customFieldErrorMessages.optionsRequired, 'options');
  const seen = new Set<string>();
  options.forEach((option, i) => {
    const folded = option.toLowerCase();
    if (seen.has(folded)) {
      throw new ApiError(400, [{ message: errorMessages.duplicate, propertyName: `options.${i}` }]);
    }
    seen.add(folded);
  });
}

export async function createCustomField(trx: Db, ctx: MutationContext, input: CreateInput) {
  checkOptions(input.type, input.options);
  const companyId = ctx.company.id;
  if (await customFieldValueTaken(trx, companyId, input.entity, 'name', input.name)) {
    throw conflict(errorMessages.nameInUse, 'name');
  }
  if (await customFieldValueTaken(trx, companyId, input.entity, 'key', input.key)) {
    throw conflict(customFieldErrorMessages.keyInUse, 'key');
  }
  const highest = await highestCustomFieldOrder(trx, companyId, input.entity);
  const order = input.order ?? (highest === null ? 0 : highest + limits.orderStep);
  return insertCustomField(trx, companyId, { ...input, order });
}

export async function changeCustomField(
  trx: Db,
  ctx: MutationContext,
  row: CustomFieldRow,
  input: PatchInput,
) {
  const type = input.type ?? row.type;
  // Turning a select field into another type drops its options unless new ones are given.
  const options = input.options ?? (type === 'select' ? row.options : []);
  checkOptions(type, options);
  if (
    input.name !== undefined &&
    (await customFieldValueTaken(trx, ctx.company.id, row.entity, 'name', input.name, row.id))
  ) {
    throw conflict(errorMessages.nameInUse, 'name');
  }
  return updateCustomField(trx, row.id, { ...input, type, options });
}

export async function removeCustomField(trx: Db, _ctx: MutationContext, row: CustomFieldRow) {
  await deleteCustomField(trx, row.id);
}
