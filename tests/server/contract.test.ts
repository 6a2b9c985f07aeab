import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './helpers/app';

// The app's types are types of the contract's schemas (contract/), so a route that answers, takes or is
// addressed with a shape written on the server alone has drifted from what the app expects, silently. Each
// route of the OpenAPI document must therefore use the contract's schemas, which the document shows as JSON
// Schema: each of the route's shapes must be the JSON Schema of a contract schema (or a list of them, or a
// choice between them), converted the way the server converts its own.

/** Routes that serve files or stand in for the provider: their shapes are the server's own, not the app's. */
const SERVER_ONLY = [
  /^\/media\//,
  /^\/momo-sandbox\//,
  /^\/livetv\/\{channelId\}\/live\//,
  /^\/books\/file\//,
];

type JsonSchema = Record<string, unknown>;
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

/** JSON with its keys sorted, so that two equal schemas give one string. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** A route's parameters in one place (query, path, header), as one string whatever their order. */
function parameterGroups(operation: Operation): Map<string, string> {
  const groups = new Map<string, Operation['parameters']>();
  for (const parameter of operation.parameters ?? []) {
    groups.set(parameter.in, [...(groups.get(parameter.in) ?? []), parameter]);
  }
  return new Map(
    [...groups].map(([place, list]) => [
      place,
      canonical([...(list ?? [])].sort((a, b) => a.name.localeCompare(b.name))),
    ]),
  );
}

/** Every zod schema exported by contract/*.ts, by `file.name`. */
async function contractSchemas(): Promise<Map<string, z.ZodType>> {
  const folder = join(import.meta.dirname, '../../contract');
  const schemas = new Map<string, z.ZodType>();
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts'))) {
    const module: Record<string, unknown> = await import(join(folder, file));
    for (const [name, value] of Object.entries(module)) {
      if (value instanceof z.ZodType) schemas.set(`${file}.${name}`, value);
    }
  }
  return schemas;
}

/**
 * The contract's schemas as the server's OpenAPI document would show them: a bare Fastify app with the same
 * compilers and swagger transform, one route per schema as body and answer, one per object schema as query,
 * path and headers.
 */
async function contractDocument(schemas: Map<string, z.ZodType>, openapi: string): Promise<OpenApi> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: { openapi, info: { title: 'contract', version: '1' } },
    transform: jsonSchemaTransform,
  });
  for (const [name, schema] of schemas) {
    app.post(`/${name}/io`, { schema: { body: schema, response: { 200: schema } } }, async () => ({}));
    if (schema instanceof z.ZodObject) {
      app.get(`/${name}/query`, { schema: { querystring: schema } }, async () => ({}));
      app.get(`/${name}/path`, { schema: { params: schema } }, async () => ({}));
      app.get(`/${name}/headers`, { schema: { headers: schema } }, async () => ({}));
    }
  }
  await app.ready();
  // The document as JSON, which is what the server serves and what is compared.
  const document: OpenApi = JSON.parse(JSON.stringify(app.swagger()));
  await app.close();
  return document;
}

let t: TestApp;
let served: OpenApi & { openapi: string };
let contract: {
  bodies: Set<string>;
  answers: Set<string>;
  parameters: Set<string>;
};

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  served = (await t.request<OpenApi & { openapi: string }>({ method: 'GET', url: '/docs/json' })).body;
  const document = await contractDocument(await contractSchemas(), served.openapi);
  contract = { bodies: new Set(), answers: new Set(), parameters: new Set() };
  for (const operation of Object.values(document.paths).flatMap((path) => Object.values(path))) {
    const body = operation.requestBody?.content['application/json']?.schema;
    if (body !== undefined) contract.bodies.add(canonical(body));
    const answer = operation.responses?.['200']?.content?.['application/json']?.schema;
    if (answer !== undefined) contract.answers.add(canonical(answer));
    for (const [place, group] of parameterGroups(operation)) contract.parameters.add(`${place} ${group}`);
  }
}, 60_000);
afterAll(async () => t.close());

/** A contract schema, a list of contract schemas, or a choice between them. */
function isContractAnswer(schema: JsonSchema): boolean {
  if (contract.answers.has(canonical(schema))) return true;
  const { type, items, anyOf, ...rest } = schema;
  if (type === 'array' && items !== undefined && Object.keys(rest).length === 0)
    return isContractAnswer(items as JsonSchema);
  if (Array.isArray(anyOf) && type === undefined && Object.keys(rest).length === 0)
    return anyOf.every((member: JsonSchema) => isContractAnswer(member));
  return false;
}

/** What in a route of the document is not the contract's: `METHOD path: what`. */
function drift(document: OpenApi): string[] {
  const found: string[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    if (SERVER_ONLY.some((pattern) => pattern.test(path))) continue;
    for (const [method, operation] of Object.entries(methods)) {
      const route = `${method.toUpperCase()} ${path}`;
      for (const [type, { schema }] of Object.entries(operation.requestBody?.content ?? {})) {
        if (!contract.bodies.has(canonical(schema))) found.push(`${route}: ${type} body`);
      }
      const responses = Object.entries(operation.responses ?? {});
      for (const [status, response] of responses) {
        for (const [type, { schema }] of Object.entries(response.content ?? {})) {
          if (!isContractAnswer(schema)) found.push(`${route}: ${status} ${type} answer`);
        }
      }
      // A route that declares no answer at all would escape the check above.
      if (!responses.some(([status, response]) => status.startsWith('2') && response.content)) {
        found.push(`${route}: no answer`);
      }
      for (const [place, group] of parameterGroups(operation)) {
        if (!contract.parameters.has(`${place} ${group}`)) found.push(`${route}: ${place} parameters`);
      }
    }
  }
  return found;
}

describe('the API contract', () => {
  it('gives every route of the OpenAPI document its bodies, answers, queries, paths and headers', () => {
    const routes = Object.keys(served.paths).filter((path) => !SERVER_ONLY.some((p) => p.test(path)));
    expect(routes.length).toBeGreaterThan(50);
    expect(drift(served)).toEqual([]);
  });

  it('names a route whose answer, body or query was written on the server alone', () => {
    const user =
      served.paths['/users/profile']?.get?.responses?.['200']?.content?.['application/json']?.schema;
    const body = served.paths['/users/register']?.post?.requestBody?.content['application/json']?.schema;
    const page = served.paths['/videos/page']?.get;
    if (user === undefined || body === undefined || page === undefined) throw new Error('routes missing');
    const rename = (schema: JsonSchema, from: string, to: string) =>
      JSON.parse(JSON.stringify(schema).replaceAll(`"${from}"`, `"${to}"`)) as JsonSchema;
    const drifted: OpenApi = {
      paths: {
        '/users/profile': {
          get: {
            responses: {
              '200': {
                content: { 'application/json': { schema: rename(user, 'profilePicture', 'picture') } },
              },
            },
          },
        },
        '/users/register': {
          post: {
            requestBody: {
              content: { 'application/json': { schema: rename(body, 'phonenumber', 'phone') } },
            },
          },
        },
        '/videos/page': {
          get: {
            parameters: (page.parameters ?? []).map((p) =>
              p.name === 'subsection' ? { ...p, name: 'topic' } : p,
            ),
          },
        },
        '/transactions': {
          get: {
            responses: {
              '200': {
                content: {
                  'application/json': {
                    schema: { type: 'array', items: rename(user, 'paidSubjects', 'subjects') },
                  },
                },
              },
            },
          },
        },
      },
    };
    expect(drift(drifted)).toEqual([
      'GET /users/profile: 200 application/json answer',
      'POST /users/register: application/json body',
      'POST /users/register: no answer',
      'GET /videos/page: no answer',
      'GET /videos/page: query parameters',
      'GET /transactions: 200 application/json answer',
    ]);
  });
});
