import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ApiError } from './errors.ts';
import { parseFields, project, type FieldSpec } from './fields.ts';

const spec: FieldSpec = {
  publicId: true,
  name: true,
  servers: { publicId: true, name: true, port: true },
  languages: { en: true, de: true },
};

describe('parseFields', () => {
  it('reads names, dotted paths, parentheses and *', () => {
    const selection = parseFields('name,servers.name,servers(publicId),*,languages(*)', spec);
    expect(selection.all).toBe(true);
    expect(
      project(
        {
          name: 'a',
          publicId: 'p',
          servers: [{ name: 's', publicId: 'x', port: 1 }],
          languages: { en: 'E' },
        },
        selection,
      ),
    ).toEqual({
      name: 'a',
      publicId: 'p',
      servers: [{ name: 's', publicId: 'x' }],
      languages: { en: 'E' },
    });
  });

  it('selects only what is asked for, keeping nulls and every publicId', () => {
    const selection = parseFields('name, servers(port)', spec);
    expect(
      project({ name: null, publicId: 'p', servers: [{ publicId: 's', port: 1, name: 'n' }] }, selection),
    ).toEqual({
      publicId: 'p',
      name: null,
      servers: [{ publicId: 's', port: 1 }],
    });
  });

  it('keeps the publicId of every object and nested reference, whatever is selected', () => {
    const nested: FieldSpec = {
      publicId: true,
      name: true,
      role: { publicId: true, name: true },
      memberships: { group: { publicId: true, name: true } },
    };
    const item = {
      publicId: 'p',
      name: 'a',
      role: { publicId: 'r', name: 'Admin' },
      memberships: [{ group: { publicId: 'g', name: 'G' } }],
    };
    expect(project(item, parseFields('name', nested))).toEqual({ publicId: 'p', name: 'a' });
    expect(project(item, parseFields('role(name)', nested))).toEqual({
      publicId: 'p',
      role: { publicId: 'r', name: 'Admin' },
    });
    expect(project(item, parseFields('role.name,memberships.group.name', nested))).toEqual({
      publicId: 'p',
      role: { publicId: 'r', name: 'Admin' },
      memberships: [{ group: { publicId: 'g', name: 'G' } }],
    });
    expect(project([item, { ...item, publicId: 'q' }], parseFields('name', nested))).toEqual([
      { publicId: 'p', name: 'a' },
      { publicId: 'q', name: 'a' },
    ]);
    // A null reference stays null; a map without ids (translations) gets none.
    expect(project({ publicId: 'p', role: null }, parseFields('role(name)', nested))).toEqual({
      publicId: 'p',
      role: null,
    });
    expect(project({ languages: { en: 'E' } }, parseFields('languages(en)', spec))).toEqual({
      languages: { en: 'E' },
    });
  });

  it('a whole value wins over a nested selection of it', () => {
    const selection = parseFields('servers,servers.name', spec);
    expect(project({ servers: [{ name: 'n', port: 2 }] }, selection)).toEqual({
      servers: [{ name: 'n', port: 2 }],
    });
  });

  it.each([
    ['', 'expected a field name'],
    ['name,', 'expected a field name'],
    ['nope', 'unknown field "nope"'],
    ['servers.nope', 'unknown field "servers.nope"'],
    ['name(publicId)', '"name" has no nested fields'],
    ['servers(name', 'missing ")"'],
    ['name)', 'unexpected ")"'],
    ['constructor', 'unknown field'],
  ])('refuses %j with a 400 naming fields', (input, reason) => {
    const error = catchError(() => parseFields(input, spec));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.items[0]).toMatchObject({ propertyName: 'fields' });
    expect(error.items[0]!.message).toContain(reason);
  });

  it('never fails other than with a 400 on any string', () => {
    const tokens = fc.constantFrom(
      'name',
      'servers',
      'publicId',
      '.',
      ',',
      '(',
      ')',
      '*',
      ' ',
      'x',
      '1',
      '__proto__',
    );
    const inputs = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.array(tokens, { maxLength: 30 }).map((t) => t.join('')),
    );
    fc.assert(
      fc.property(inputs, (input) => {
        try {
          parseFields(input, spec);
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
          expect((error as ApiError).status).toBe(400);
          expect((error as ApiError).items[0]?.propertyName).toBe('fields');
        }
      }),
      { numRuns: 2000 },
    );
  });
});

function catchError(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected an error');
}
