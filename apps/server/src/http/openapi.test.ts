import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { useTestServer } from '../../test/harness.ts';

const t = useTestServer();

type Document = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
};
type Operation = {
  parameters: { $ref?: string }[];
  security?: Record<string, unknown>[];
  requestBody?: { content: { 'application/json': { schema: { $ref?: string } } } };
};

/** Read the way a browser or a code generator reads it: no token, no Api-Version. */
async function fetchDocument(): Promise<Document> {
  const response = await fetch(`${t.server.baseUrl}/api/openapi.json`);
  expect(response.status).toBe(200);
  return (await response.json()) as Document;
}

const validators = new WeakMap<Document, Ajv2020>();

/** Compiles a documented schema, its $refs resolved against the document's components. */
function bodyValidator(document: Document, schemaName: string) {
  let ajv = validators.get(document);
  if (!ajv) {
    // Formats (email, date-time) are left to the routes; the shapes are what is checked here.
    ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
    ajv.addSchema({ $id: 'doc', components: document.components });
    validators.set(document, ajv);
  }
  return ajv.compile({ $ref: `doc#/components/schemas/${schemaName}` });
}

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(() => validator.resolveRefs()).not.toThrow();
    // Every schema is one a JSON Schema 2020-12 validator accepts (the OpenAPI check is loose about them).
    for (const name of Object.keys(document.components.schemas)) {
      expect(() => bodyValidator(document, name), name).not.toThrow();
    }
  });

  it('has exactly the rels, paths and methods of discovery', async () => {
    const document = await fetchDocument();
    const discovery = await t.call('GET', '/api');
    const entries = discovery.body.data as { rel: string; href: string; methods: string[] }[];
    const fromDiscovery = entries.flatMap(({ href, methods }) =>
      methods.map((method) => `${method} ${href.slice(t.server.baseUrl.length)}`),
    );
    const fromDocument = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(fromDocument.sort()).toEqual(fromDiscovery.sort());
    expect(fromDocument.length).toBeGreaterThan(100);
    expect(document.servers).toEqual([{ url: t.server.baseUrl }]);
  });

  it('names the headers and credentials each route needs', async () => {
    const { paths } = await fetchDocument();
    const refs = (operation: Operation) => operation.parameters.map((p) => p.$ref);
    expect(refs(paths['/api/RoleList']!.get!)).toContain('#/components/parameters/ApiCompany');
    expect(paths['/api/RoleList']!.get!.security).toEqual([{ bearer: [] }]);
    expect(refs(paths['/api/Role/{publicId}']!.patch!)).toContain('#/components/parameters/PublicId');
    expect(refs(paths['/api/MyUser']!.get!)).toContain('#/components/parameters/ApiCompanyOptional');
    expect(refs(paths['/api/CompanyList']!.get!)).not.toContain('#/components/parameters/ApiCompany');
    expect(paths['/api/AccessTokenList']!.post!.security).toEqual([{ basic: [] }, { bearer: [] }]);
    expect(paths['/api/ClientConfig']!.get!.security).toBeUndefined();
    for (const item of Object.values(paths)) {
      for (const operation of Object.values(item)) {
        expect(refs(operation)).toContain('#/components/parameters/ApiVersion');
      }
    }
  });

  it('documents request bodies that reject what the routes reject', async () => {
    const document = await fetchDocument();
    const { admin, publicId: company } = await t.newCompany();
    const post = document.paths['/api/RoleList']!.post!;
    const schema = post.requestBody!.content['application/json'].schema as { oneOf: { $ref: string }[] };
    const roleInput = bodyValidator(document, schema.oneOf[0]!.$ref.split('/').pop()!);

    const cases: [body: unknown, accepted: boolean][] = [
      [{ name: 'Operators', capabilities: ['agents.manage'] }, true],
      [{ name: 'Operators', colour: 'red' }, false],
      [{ name: 'x'.repeat(300) }, false],
      [{ capabilities: ['agents.manage'] }, false],
      [{ name: 'Operators', capabilities: ['no.such.right'] }, false],
    ];
    for (const [body, accepted] of cases) {
      expect(roleInput(body), JSON.stringify(body)).toBe(accepted);
      const response = await t.call('POST', 'RoleList', { token: admin.token, company, body });
      expect(response.status, JSON.stringify(body)).toBe(accepted ? 201 : 400);
    }

    const tokenInput = bodyValidator(document, 'AccessTokenListPostInput');
    expect(tokenInput({ expiresIn: 10 })).toBe(false);
    expect((await t.login(admin.emailAddress, admin.password)).status).toBe(201);
    const refused = await t.call('POST', 'AccessTokenList', {
      headers: { Authorization: t.basic(admin.emailAddress, admin.password) },
      body: { expiresIn: 10 },
    });
    expect(refused.status).toBe(400);
  });
});

describe('API reference page', () => {
  it('serves the page and the renderer from this server, with no inline script', async () => {
    const page = await fetch(`${t.server.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(content!.trim()).toBe('');
      expect(attributes).toMatch(/src="\/api\/docs\//);
    }
    for (const asset of ['swagger-ui-bundle.js', 'init.js', 'swagger-ui.css']) {
      const response = await fetch(`${t.server.baseUrl}/api/docs/${asset}`);
      expect(response.status, asset).toBe(200);
    }
  });

  it.each(['/api/docs/', '/api/docs/nothing.js', '/api/openapi.json/x', '/api/openapi', '/api/MyUser'])(
    'still wants Api-Version on %s',
    async (path) => {
      const response = await fetch(`${t.server.baseUrl}${path}?x=/api/docs`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ data: [{ propertyName: 'Api-Version' }] });
    },
  );
});
