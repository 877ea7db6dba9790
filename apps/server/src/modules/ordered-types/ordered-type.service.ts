import { errorMessages, isTranslationKey, limits, translatedNameCannotChange } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../http/errors.ts';
import {
  countOrderedTypes,
  highestOrder,
  lockOrderedTypes,
  orderedTypeNameTaken,
  type OrderedTypeTable,
} from './ordered-type.repository.ts';

/** What differs between group types and asset types; every rule below is the same for both. */
export type OrderedTypeKind = {
  table: OrderedTypeTable;
  /** Whether anything still uses the type (groups of a group type, assets of an asset type). */
  inUse: (db: Db, typeId: number) => Promise<boolean>;
  messages: { inUse: string; last: string };
};

type TypeRow = { id: number; name: string };

/**
 * The shared rules of ordered types: names unique per company (ignoring case), new types placed
 * after the highest order by one step (0 for the first), and no deleting one in use or the last one.
 */
export class OrderedTypeRules {
  readonly #kind: OrderedTypeKind;

  constructor(kind: OrderedTypeKind) {
    this.#kind = kind;
  }

  /** Checks the name and answers the order of a new type; call inside the creating transaction. */
  async prepareCreate(trx: Db, companyId: number, name: string): Promise<{ order: number }> {
    await lockOrderedTypes(trx, this.#kind.table, companyId);
    await this.#assertNameFree(trx, companyId, name);
    const highest = await highestOrder(trx, this.#kind.table, companyId);
    return { order: highest === null ? 0 : highest + limits.orderStep };
  }

  /**
   * Checks a new name of an existing type; unchanged names are always fine. A name that is a
   * translation key is shown translated and cannot be renamed (the web disables the field too).
   */
  async prepareUpdate(trx: Db, companyId: number, row: TypeRow, name: string | undefined) {
    if (name === undefined || name === row.name) return;
    if (isTranslationKey(row.name)) throw conflict(translatedNameCannotChange, 'name');
    await lockOrderedTypes(trx, this.#kind.table, companyId);
    await this.#assertNameFree(trx, companyId, name, row.id);
  }

  async assertRemovable(trx: Db, companyId: number, row: TypeRow) {
    await lockOrderedTypes(trx, this.#kind.table, companyId);
    if (await this.#kind.inUse(trx, row.id)) throw conflict(this.#kind.messages.inUse);
    if ((await countOrderedTypes(trx, this.#kind.table, companyId)) <= 1)
      throw conflict(this.#kind.messages.last);
  }

  async #assertNameFree(trx: Db, companyId: number, name: string, exceptId?: number) {
    if (await orderedTypeNameTaken(trx, this.#kind.table, companyId, name, exceptId))
      throw conflict(errorMessages.nameInUse, 'name');
  }
}
