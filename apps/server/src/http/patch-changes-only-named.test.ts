import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { useTestServer } from '../../test/harness.ts';
import { patchGenerators, type PatchTarget, type PatchWorld } from '../../test/patch-generators.ts';

// Webhooks may point at loopback and identity providers at private hosts, as in their own tests.
const t = useTestServer({ config: { webhooksAllowHttpLoopback: true, outboundAllowPrivate: true } });

/** PATCH_SEED replays a run; PATCH_RUNS adds random runs to the one per property and way. */
const seed = Number(process.env.PATCH_SEED ?? Date.now() % 2 ** 31);
const randomRuns = Number(process.env.PATCH_RUNS ?? 3);

type Way = 'item' | 'list' | 'single';
type Resource = { ways: Way[]; properties: string[]; readable: 'item' | 'single' | 'list' };
type Entry = { rel: string; href: string; methods: string[] };
type Schema = {
  $ref?: string;
  type?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  oneOf?: Schema[];
};
type OpenApi = {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
};

/**
 * The resources that take a PATCH, by item rel: how (`Role/{id}`, `RoleList` by publicId, or a
 * singleton such as `MyUser`), which properties the body has (from the API document, which is
 * made from the schemas the routes validate with), and how a GET reads them.
 */
function patchableResources(entries: Entry[], openapi: OpenApi): Map<string, Resource> {
  const resolve = (schema: Schema | undefined): Schema | undefined => {
    if (schema?.$ref) return resolve(openapi.components.schemas[schema.$ref.split('/').pop()!]);
    if (schema?.type === 'array') return resolve(schema.items);
    if (schema?.oneOf)
      return resolve(schema.oneOf.find((option) => option.type !== 'array') ?? schema.oneOf[0]);
    return schema;
  };
  const byRel = new Map(entries.map((entry) => [entry.rel, entry]));
  const resources = new Map<string, Resource>();
  for (const entry of entries.filter((e) => e.methods.includes('PATCH'))) {
    const path = decodeURI(new URL(entry.href).pathname);
    const item = path.includes('{publicId}');
    const name = item ? entry.rel : entry.rel.replace(/List$/, '');
    const way: Way = item ? 'item' : entry.rel.endsWith('List') ? 'list' : 'single';
    const body = resolve(openapi.paths[path]?.patch?.requestBody?.content['application/json']?.schema);
    const properties = Object.keys(body?.properties ?? {}).filter((key) => key !== 'publicId');
    const known = resources.get(name);
    const readable = byRel.get(name)?.methods.includes('GET')
      ? way === 'single'
        ? 'single'
        : 'item'
      : 'list';
    resources.set(name, {
      ways: [...(known?.ways ?? []), way].sort(),
      properties: [...new Set([...(known?.properties ?? []), ...properties])].sort(),
      readable,
    });
  }
  return resources;
}

let resources: Map<string, Resource>;
beforeAll(async () => {
  const discovery = await t.call('GET', '/api');
  const openapi = (await t.call('GET', '/api/openapi.json')).body as unknown as OpenApi;
  resources = patchableResources(discovery.body.data as Entry[], openapi);
});

async function newWorld(): Promise<PatchWorld> {
  const company = await t.newCompany();
  const as = { token: company.admin.token, company: company.publicId };
  const call: PatchWorld['call'] = (method, rel, body, query) =>
    t.call(method, rel, { ...as, body, ...(query ? { query } : {}) });
  return {
    t,
    company,
    as,
    call,
    async create(rel, body) {
      const response = await call('POST', rel, body);
      if (response.status !== 201) throw new Error(`creating ${rel}: ${JSON.stringify(response.body)}`);
      // Some lists answer a list even for one object.
      const created = response.body.data as { publicId: string } | { publicId: string }[];
      return Array.isArray(created) ? created[0]!.publicId : created.publicId;
    },
  };
}

describe('a PATCH changes only the properties it names', () => {
  it('has a generator for every resource in discovery that takes a PATCH, and for no other', () => {
    expect([...resources.keys()].filter((name) => !patchGenerators[name]).sort(), 'no generator').toEqual([]);
    expect(
      Object.keys(patchGenerators)
        .filter((name) => !resources.has(name))
        .sort(),
      'not patchable',
    ).toEqual([]);
  });

  it.each(Object.keys(patchGenerators))(
    '%s: a change of one property leaves every other as it was',
    async (name) => {
      const resource = resources.get(name);
      if (!resource) throw new Error(`${name} takes no PATCH in discovery`);
      const generator = patchGenerators[name]!;
      const w = await newWorld();
      const fixtures = (await generator.setup?.(w)) ?? {};

      // Every property of the body has values to change it to, so a new property needs one too.
      expect(resource.properties, `the PATCH body of ${name} in the API document`).not.toEqual([]);
      const first = await generator.create(w, fixtures);
      const unchanged = resource.properties.filter((property) => !first.changes[property]?.length);
      expect(unchanged, `properties of ${name} the generator does not change`).toEqual([]);

      const read = async (target: PatchTarget) => {
        if (generator.read) return generator.read(w, target);
        const response =
          resource.readable === 'single'
            ? await w.call('GET', name)
            : resource.readable === 'item'
              ? await w.call('GET', `${name}/${target.id}`)
              : await w.call('GET', `${name}List`, undefined, { filters: `eq(publicId,"${target.id}")` });
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        const found =
          resource.readable === 'list' ? (response.body.data as unknown[])[0] : response.body.data;
        return found as Record<string, unknown>;
      };
      const send = (target: PatchTarget, way: Way, property: string, value: unknown) => {
        if (generator.patch) return generator.patch(w, target, property, value);
        const body = generator.body?.(property, value) ?? { [property]: value };
        if (way === 'single') return w.call('PATCH', name, body);
        if (way === 'list') return w.call('PATCH', `${name}List`, [{ publicId: target.id, ...body }]);
        return w.call('PATCH', `${name}/${target.id}`, body);
      };

      const property = fc.asyncProperty(
        fc.constantFrom(...resource.properties),
        fc.constantFrom(...resource.ways),
        fc.nat(),
        async (changed, way, pick) => {
          const target = await generator.create(w, fixtures, changed);
          const values = target.changes[changed]!;
          const value = values[pick % values.length];
          const before = await read(target);
          const response = await send(target, way, changed, value);
          expect(response.status, `${way} ${JSON.stringify(value)}: ${JSON.stringify(response.body)}`).toBe(
            200,
          );
          const after = await read(target);

          const touched = new Set([
            changed,
            ...(generator.follows?.[changed] ?? []),
            ...(generator.touched?.(changed, value) ?? []),
            ...(generator.moving ?? []),
          ]);
          const others = (object: Record<string, unknown>) =>
            Object.fromEntries(Object.entries(object).filter(([key]) => !touched.has(key)));
          expect(others(after), `${name}: ${way} PATCH of ${changed} = ${JSON.stringify(value)}`).toEqual(
            others(before),
          );
          // And the change itself took: a PATCH that did nothing would keep the others trivially.
          const shown = [...touched].filter(
            (key) =>
              key in before && !(generator.moving ?? []).includes(key) && !generator.writeOnly?.includes(key),
          );
          if (shown.length > 0 && !generator.writeOnly?.includes(changed)) {
            expect(
              shown.some((key) => JSON.stringify(after[key]) !== JSON.stringify(before[key])),
              `${name}: ${way} PATCH of ${changed} = ${JSON.stringify(value)} changed nothing`,
            ).toBe(true);
          }
        },
      );
      // Runs that change each property in each way it can be patched and to each of its values,
      // then a few random ones.
      const examples = resource.properties.flatMap((changed) => {
        const runs = Math.max(resource.ways.length, first.changes[changed]!.length);
        return Array.from({ length: runs }, (_, k): [string, Way, number] => [
          changed,
          resource.ways[k % resource.ways.length]!,
          k,
        ]);
      });
      // The check of the properties above created one object already.
      const room = (generator.createsAtMost ?? Infinity) - 1 - examples.length;
      await fc.assert(property, { seed, numRuns: Math.max(0, Math.min(randomRuns, room)), examples });
    },
  );
});
