import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.ts';
import { appConfigPatchSchema, appKeys } from './apps.ts';
import { patchSchemaOf } from './patch-schema.ts';
import { roleCreateInput, rolePatchInput } from './role.ts';

const isObjectSchema = (value: unknown): value is z.ZodObject => value instanceof z.ZodObject;

/** Every exported PATCH body, and each app's settings patch. */
const patchSchemas: [string, z.ZodObject][] = [
  ...(Object.entries(contracts) as [string, unknown][])
    .filter((entry): entry is [string, z.ZodObject] => /Patch/.test(entry[0]) && isObjectSchema(entry[1]))
    .map(([name, schema]): [string, z.ZodObject] => [name, schema]),
  ...appKeys.map((app): [string, z.ZodObject] => [`appConfigPatchSchema(${app})`, appConfigPatchSchema(app)]),
];

describe('patch schemas', () => {
  it('finds the patch schemas to check', () => {
    expect(patchSchemas.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'rolePatchInput',
        'audiencePatchInput',
        'agentPatchInput',
        'agentServerPatchInput',
      ]),
    );
  });

  // A property absent from a PATCH body must stay absent, so the change leaves it as it was.
  it.each(patchSchemas)('%s fills in no absent property', (_name, schema) => {
    for (const [key, property] of Object.entries(schema.shape)) {
      const parsed = (property as z.ZodType).safeParse(undefined);
      expect(parsed.success ? parsed.data : undefined, key).toBeUndefined();
    }
  });

  it('a role patch naming only the name leaves the capabilities out', () => {
    expect(rolePatchInput.parse({ name: 'Renamed' })).toEqual({ name: 'Renamed' });
    expect(roleCreateInput.parse({ name: 'New' })).toEqual({ name: 'New', capabilities: [] });
  });

  it('patchSchemaOf strips defaults under optional and nullable, and keeps strictness and checks', () => {
    const create = z.strictObject({
      a: z.string().default('x'),
      b: z.number().default(1).optional(),
      c: z.string().default('y').nullable(),
      d: z.boolean().prefault(true),
      e: z.string().catch('z'),
      f: z.string().min(2),
    });
    const patch = patchSchemaOf(create);
    expect(patch.parse({})).toEqual({});
    expect(patch.parse({ c: null, f: 'ok' })).toEqual({ c: null, f: 'ok' });
    expect(patch.safeParse({ f: 'x' }).success).toBe(false);
    expect(patch.safeParse({ unknown: 1 }).success).toBe(false);
  });
});
