import { project, type FieldSelection } from './fields.ts';

/** Each field's presenter and the columns it reads (ResourceDefinition.fieldColumns). */
export type FieldColumns<Row> = {
  readonly [field: string]: { readonly columns: readonly string[]; present: (row: Row) => unknown };
};

/** What a list reads and presents for one selection of fields. */
type PartialRead<Row> = { columns: readonly string[]; present: (row: Row) => Record<string, unknown> };

// Keyset paging orders by these, and every answer carries publicId.
const alwaysRead = ['public_id', 'created_at'];

// Selections are parsed once per `fields` value and reused (fields.ts), so their plans are too.
const plans = new WeakMap<object, WeakMap<FieldSelection, PartialRead<never> | null>>();

/**
 * The columns and presenter for `selection`, or undefined when it asks for every field or for
 * one without a presenter here (then the whole row is read and presented).
 */
export function partialRead<Row>(
  fieldColumns: FieldColumns<Row>,
  selection: FieldSelection,
): PartialRead<Row> | undefined {
  let byResource = plans.get(fieldColumns);
  if (!byResource) plans.set(fieldColumns, (byResource = new WeakMap()));
  let plan = byResource.get(selection) as PartialRead<Row> | null | undefined;
  if (plan === undefined) {
    plan = planFor(fieldColumns, selection);
    byResource.set(selection, plan);
  }
  return plan ?? undefined;
}

function planFor<Row>(fieldColumns: FieldColumns<Row>, selection: FieldSelection): PartialRead<Row> | null {
  if (selection.all) return null;
  const names = ['publicId', ...[...selection.fields.keys()].filter((name) => name !== 'publicId')];
  if (!names.every((name) => Object.hasOwn(fieldColumns, name))) return null;
  const columns = new Set(alwaysRead);
  for (const name of names) for (const column of fieldColumns[name]!.columns) columns.add(column);
  const fields = names.map((name) => ({
    name,
    present: fieldColumns[name]!.present,
    sub: selection.fields.get(name) ?? (true as const),
  }));
  return {
    columns: [...columns],
    present: (row) => {
      const out: Record<string, unknown> = {};
      for (const { name, present, sub } of fields) {
        const value = present(row);
        out[name] = sub === true ? value : project(value, sub);
      }
      return out;
    },
  };
}
