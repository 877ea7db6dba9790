import { badRequest } from './errors.ts';

/** What a `fields` parameter selects at one level: everything (`*`) and/or named fields. */
export type FieldSelection = { all: boolean; fields: Map<string, FieldSelection | true> };

/** The fields a resource exposes: `true` for a value, a nested spec for an object or list of objects. */
export type FieldSpec = { readonly [name: string]: true | FieldSpec };

const maxLength = 4000;
const maxDepth = 8;
const namePattern = /[A-Za-z_][A-Za-z0-9_]*/y;

/**
 * Parses `name,servers.name,servers(publicId,name),*,languages(*)` into a selection tree and
 * checks every name against the resource's spec. Any problem is a 400 naming `fields`.
 */
export function parseFields(input: string, spec: FieldSpec): FieldSelection {
  let parsed = parsedBySpec.get(spec);
  const known = parsed?.get(input);
  if (known) return known;
  if (input.length > maxLength) throw invalid('is too long');
  const parser = new FieldsParser(input);
  const selection = parser.parseList(0);
  if (parser.pos !== input.length) throw invalid(`unexpected "${input[parser.pos]}" at ${parser.pos}`);
  checkAgainstSpec(selection, spec, '');
  if (!parsed) parsedBySpec.set(spec, (parsed = new Map<string, FieldSelection>()));
  if (parsed.size >= parsedPerSpec) parsed.delete(parsed.keys().next().value!);
  parsed.set(input, selection);
  return selection;
}

/**
 * Valid selections already parsed, per resource: clients send the same few `fields` over and
 * over. Bounded, so made-up inputs cannot grow it. Selections are only read (project).
 */
const parsedBySpec = new WeakMap<FieldSpec, Map<string, FieldSelection>>();
const parsedPerSpec = 64;

export const selectAll: FieldSelection = { all: true, fields: new Map() };

/**
 * Keeps only the selected fields of a presented value (an object or a list of objects). An
 * object's `publicId` is always kept, whatever is selected, so every object and nested
 * reference in an answer can be told apart and followed.
 */
export function project(value: unknown, selection: FieldSelection): unknown {
  if (Array.isArray(value)) return value.map((item) => project(item, selection));
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = Object.hasOwn(source, 'publicId') ? { publicId: source.publicId } : {};
  if (selection.all) Object.assign(out, source);
  for (const [name, sub] of selection.fields) {
    if (!(name in source)) continue;
    out[name] = sub === true ? source[name] : project(source[name], sub);
  }
  return out;
}

function invalid(reason: string) {
  return badRequest(`Invalid fields: ${reason}`, 'fields');
}

class FieldsParser {
  pos = 0;
  readonly #input: string;
  constructor(input: string) {
    this.#input = input;
  }

  parseList(depth: number): FieldSelection {
    if (depth > maxDepth) throw invalid('nested too deeply');
    const selection: FieldSelection = { all: false, fields: new Map() };
    do {
      this.#skipSpaces();
      this.#parseItem(selection, depth);
      this.#skipSpaces();
    } while (this.#eat(','));
    return selection;
  }

  #parseItem(into: FieldSelection, depth: number) {
    if (this.#eat('*')) {
      into.all = true;
      return;
    }
    const path = [this.#name()];
    while (this.#eat('.')) path.push(this.#name());
    let leaf: FieldSelection | true = true;
    if (this.#eat('(')) {
      leaf = this.parseList(depth + 1);
      if (!this.#eat(')')) throw invalid(`missing ")" at ${this.pos}`);
    }
    if (path.length + depth > maxDepth) throw invalid('nested too deeply');
    let level = into;
    for (const [i, name] of path.entries()) {
      const last = i === path.length - 1;
      const existing = level.fields.get(name);
      if (last) {
        level.fields.set(name, merge(existing, leaf));
        return;
      }
      if (existing === true) return; // the whole value is already selected
      const next = existing ?? { all: false, fields: new Map() };
      level.fields.set(name, next);
      level = next;
    }
  }

  #name(): string {
    namePattern.lastIndex = this.pos;
    const match = namePattern.exec(this.#input);
    if (!match) throw invalid(`expected a field name at ${this.pos}`);
    this.pos += match[0].length;
    return match[0];
  }

  #eat(char: string): boolean {
    if (this.#input[this.pos] !== char) return false;
    this.pos += 1;
    return true;
  }

  #skipSpaces() {
    while (this.#input[this.pos] === ' ') this.pos += 1;
  }
}

function merge(a: FieldSelection | true | undefined, b: FieldSelection | true): FieldSelection | true {
  if (a === undefined) return b;
  if (a === true || b === true) return true;
  const fields = new Map(a.fields);
  for (const [name, sub] of b.fields) fields.set(name, merge(fields.get(name), sub));
  return { all: a.all || b.all, fields };
}

function checkAgainstSpec(selection: FieldSelection, spec: FieldSpec, prefix: string) {
  for (const [name, sub] of selection.fields) {
    const entry = Object.hasOwn(spec, name) ? spec[name] : undefined;
    if (entry === undefined) throw invalid(`unknown field "${prefix}${name}"`);
    if (sub === true) continue;
    if (entry === true) throw invalid(`"${prefix}${name}" has no nested fields`);
    checkAgainstSpec(sub, entry, `${prefix}${name}.`);
  }
}
