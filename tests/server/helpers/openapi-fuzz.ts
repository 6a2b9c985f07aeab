import fc from 'fast-check';

/**
 * Requests generated from the server's own OpenAPI document (/docs/json): for each operation, values that
 * follow its schemas (so that requests get past validation and reach the database) and values that break them
 * (wrong types, missing and extra fields, huge, unicode and NUL strings, malformed JSON, wrong content types,
 * path tricks, forged and expired tokens).
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  title?: string;
}

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI path template: /scholarships/{id} */
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
  contentTypes: string[];
  secured: boolean;
  /** The statuses the document says it answers. */
  statuses: number[];
}

export function operationsOf(document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = (
        operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined
      )?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (operation.parameters as Parameter[] | undefined) ?? [],
        body: content?.['application/json']?.schema ?? content?.['multipart/form-data']?.schema,
        contentTypes: Object.keys(content ?? {}),
        secured: Array.isArray(operation.security),
        statuses: Object.keys((operation.responses as Record<string, unknown> | undefined) ?? {}).map(Number),
      });
    }
  }
  return operations;
}

/** Values the server knows (ids of real videos, subjects, comments, students…), mixed into generated strings. */
export interface KnownValues {
  ids: string[];
  studentIds: string[];
  passwords: string[];
  emails: string[];
  usernames: string[];
  phones: string[];
  files: string[];
}

const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uFEFF',
  '𝕊𝕥𝕦𝕕𝕪 📚',
  'Élève à l’école',
  "'; DROP TABLE students; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%2e%2e%2f',
  '__proto__',
  'constructor',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection attempt, sent as text
  '${7*7}',
  'null',
  '-1',
  '1e309',
  '\r\nX-Injected: 1',
];

export function nastyString(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...nastyStrings),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.nat({ max: 300_000 }).map((length) => 'x'.repeat(length)),
  );
}

function stringFor(name: string, schema: JsonSchema, known: KnownValues): fc.Arbitrary<string> {
  if (schema.enum !== undefined) return fc.constantFrom(...(schema.enum as string[]));
  const lower = name.toLowerCase();
  const bounded = fc.string({
    minLength: schema.minLength ?? 0,
    maxLength: Math.min(schema.maxLength ?? 40, 60),
  });
  const hinted: Array<fc.Arbitrary<string>> = [];
  if (lower.includes('email'))
    hinted.push(
      fc.stringMatching(/^[a-z][a-z0-9.]{0,20}@(example\.cm|ecole\.cm)$/),
      fc.emailAddress(),
      fc.constantFrom(...known.emails),
    );
  if (lower.includes('password')) hinted.push(fc.constantFrom(...known.passwords));
  if (lower.includes('phone') || lower === 'partyid')
    hinted.push(fc.constantFrom(...known.phones), fc.stringMatching(/^237[0-9]{9}$/));
  if (lower === 'username') hinted.push(fc.constantFrom(...known.usernames, ...known.emails));
  if (lower === 'id' || lower === 'userid') hinted.push(fc.constantFrom(...known.studentIds));
  if (lower.endsWith('id')) hinted.push(fc.constantFrom(...known.ids));
  if (lower === 'file') hinted.push(fc.constantFrom(...known.files));
  if (lower === 'externalid')
    hinted.push(
      fc
        .tuple(fc.constantFrom(...known.studentIds), fc.bigInt({ min: 10n ** 12n, max: 10n ** 13n }))
        .map(([id, n]) => `ORDER_${id}_${n}`),
    );
  if (schema.pattern !== undefined) hinted.push(fc.stringMatching(new RegExp(schema.pattern)));
  return hinted.length === 0 ? bounded : fc.oneof({ weight: 3, arbitrary: fc.oneof(...hinted) }, bounded);
}

/** A value that follows the schema (closely enough to pass validation most of the time). */
export function validValue(
  schema: JsonSchema,
  known: KnownValues,
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum !== undefined) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives !== undefined)
    return fc.oneof(...alternatives.map((s) => validValue(s, known, name, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  let value: fc.Arbitrary<unknown>;
  switch (type) {
    case 'string':
      value = stringFor(name, schema, known);
      break;
    case 'integer':
      value = fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000_000 });
      break;
    case 'number':
      value = fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
      break;
    case 'boolean':
      value = fc.boolean();
      break;
    case 'array':
      value =
        depth > 4
          ? fc.constant([])
          : fc.array(validValue(schema.items ?? {}, known, name, depth + 1), {
              minLength: schema.minItems ?? 0,
              maxLength: Math.min(schema.maxItems ?? 4, 4),
            });
      break;
    case 'object': {
      const properties = schema.properties ?? {};
      const shape = Object.fromEntries(
        Object.entries(properties).map(([key, child]) => [key, validValue(child, known, key, depth + 1)]),
      );
      value = fc.record(shape, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
      break;
    }
    default:
      value = fc.jsonValue({ maxDepth: 2 });
  }
  return schema.nullable ? fc.option(value, { nil: null, freq: 10 }) : value;
}

/** A valid object with one field broken: a wrong type, a nasty string, removed, or an unknown one added. */
export function brokenObject(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema.properties ?? {});
  if (keys.length === 0) return fc.jsonValue({ maxDepth: 3 });
  return fc
    .tuple(
      validValue(schema, known),
      fc.constantFrom(...keys),
      fc.oneof(
        fc.constant<unknown>(undefined),
        nastyString(),
        fc.jsonValue({ maxDepth: 3 }),
        fc.integer(),
        fc.double(),
        fc.array(fc.string(), { maxLength: 3 }),
        fc.constant({ __proto__: { polluted: true } }),
      ),
      fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'extra', 'role', 'tv'), fc.jsonValue())),
    )
    .map(([value, key, replacement, extra]) => {
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      if (replacement === undefined) delete copy[key];
      else copy[key] = replacement;
      if (extra !== null) Object.defineProperty(copy, extra[0], { value: extra[1], enumerable: true });
      return copy;
    });
}

export interface GeneratedBody {
  /** What is sent (undefined: no body). */
  payload: string | Buffer | undefined;
  contentType: string | undefined;
}

const malformedJson = [
  '{',
  '{"a":',
  '[1,2',
  '{"a":1}}',
  "{'single':'quotes'}",
  '{"a":NaN}',
  '{"a":undefined}',
  '\u0000',
  'null',
  'true',
  '"just a string"',
  '12345678901234567890',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
];

export function bodyFor(operation: Operation, known: KnownValues): fc.Arbitrary<GeneratedBody> {
  const json = (value: unknown): GeneratedBody => ({
    payload: JSON.stringify(value) ?? 'null',
    contentType: 'application/json',
  });
  const schema = operation.body ?? {};
  const sensible = operation.body === undefined ? fc.constant({}) : validValue(schema, known);
  return fc.oneof(
    { weight: 6, arbitrary: sensible.map(json) },
    { weight: 3, arbitrary: brokenObject(schema, known).map(json) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map(json) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...malformedJson)
        .map((text) => ({ payload: text, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(sensible, fc.nat({ max: 40 })).map(([value, cut]) => {
        const text = JSON.stringify(value) ?? '';
        return {
          payload: text.slice(0, Math.max(0, text.length - cut - 1)),
          contentType: 'application/json',
        };
      }),
    },
    { weight: 1, arbitrary: fc.constant({ payload: undefined, contentType: undefined }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'multipart/form-data',
            'application/json; charset=latin1',
            'application/octet-stream',
          ),
          fc.uint8Array({ maxLength: 200 }),
        )
        .map(([contentType, bytes]) => ({ payload: Buffer.from(bytes), contentType })),
    },
  );
}

/** Bodies for the multipart upload: whole, cut off, without or with a wrong boundary, wrong parts. */
export function multipartBody(picture: Buffer, wholeOnly = false): fc.Arbitrary<GeneratedBody> {
  const boundary = '----fuzzboundary';
  const part = (field: string, filename: string, bytes: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/webp\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const whole: fc.Arbitrary<GeneratedBody> = fc.constant({
    payload: part('picture', 'me.webp', picture),
    contentType: `multipart/form-data; boundary=${boundary}`,
  });
  const broken = fc
    .tuple(
      fc.constantFrom('picture', 'avatar', '', 'picture\u0000'),
      fc.oneof(
        fc.constant(picture),
        fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
      ),
      fc.constantFrom(
        `multipart/form-data; boundary=${boundary}`,
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'multipart/form-data; boundary="',
        'multipart/form-data; boundary=other',
        'application/json',
      ),
      fc.option(fc.nat({ max: 400 })),
    )
    .map(([field, bytes, contentType, cut]) => {
      const body = part(field, 'me.webp', bytes);
      return { payload: cut === null ? body : body.subarray(0, Math.max(0, body.length - cut)), contentType };
    });
  return wholeOnly ? whole : fc.oneof({ weight: 1, arbitrary: whole }, { weight: 4, arbitrary: broken });
}

/** encodeURIComponent, with lone surrogates (which it refuses) replaced as a browser would. */
export function safeEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

const pathTricks = [
  '..',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%00',
  'a%00.webp',
  '.env',
  '%',
  '%zz',
  '~',
  '%C0%AE%C0%AE',
  'a/b',
  'x'.repeat(2_000),
  'café.webp',
  '%F0%9F%93%9A',
];

/** The path with its parameters filled: valid values, known ids, or path tricks (sometimes left raw). */
export function pathFor(operation: Operation, known: KnownValues): fc.Arbitrary<string> {
  const params = operation.parameters.filter((p) => p.in === 'path');
  if (params.length === 0) return fc.constant(operation.path);
  return fc
    .tuple(
      ...params.map((param) =>
        fc.oneof(
          {
            weight: 4,
            arbitrary: validValue(param.schema, known, param.name).map((v) => safeEncode(String(v))),
          },
          { weight: 1, arbitrary: nastyString().map((v) => safeEncode(v.slice(0, 3_000))) },
          { weight: 1, arbitrary: fc.constantFrom(...pathTricks) },
        ),
      ),
    )
    .map((values) =>
      params.reduce((path, param, i) => path.replace(`{${param.name}}`, values[i] ?? ''), operation.path),
    );
}

export function queryFor(operation: Operation, known: KnownValues): fc.Arbitrary<string> {
  const params = operation.parameters.filter((p) => p.in === 'query');
  const entries = fc.tuple(
    ...params.map((param) =>
      fc.option(
        fc.oneof(
          { weight: 4, arbitrary: validValue(param.schema, known, param.name).map(String) },
          { weight: 1, arbitrary: nastyString().map((v) => v.slice(0, 2_000)) },
        ),
        { freq: param.required ? 10 : 3 },
      ),
    ),
  );
  return fc
    .tuple(
      entries,
      fc.option(
        fc.constantFrom('a=%zz', '__proto__[polluted]=1', 'x='.concat('y'.repeat(5_000)), 'a&a&a', '%00=%00'),
      ),
    )
    .map(([values, raw]) => {
      const search = new URLSearchParams();
      params.forEach((param, i) => {
        const value = values[i];
        if (value !== null && value !== undefined) search.set(param.name, value);
      });
      const parts = [search.toString(), raw ?? ''].filter(Boolean);
      return parts.length === 0 ? '' : `?${parts.join('&')}`;
    });
}

/**
 * Document-valid values: only what the schema allows, nothing more (every format, pattern, bound and enum
 * followed; no extra field). A server that refuses one with a 400 enforces a rule its document does not say.
 * Known values (real ids, e-mails, phones) are used where they fit the schema, so requests reach past lookups.
 */
export function documentValidValue(
  schema: JsonSchema,
  known: KnownValues,
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum !== undefined) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives !== undefined)
    return fc.oneof(
      ...alternatives.map((one) =>
        documentValidValue(withAlternative(schema, one, alternatives), known, name, depth + 1),
      ),
    );
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const value = documentValidOfType(type, schema, known, name, depth);
  return schema.nullable ? fc.option(value, { nil: null, freq: 5 }) : value;
}

/** The schema with one of its alternatives (anyOf, oneOf) chosen. */
function withAlternative(schema: JsonSchema, one: JsonSchema, all: JsonSchema[]): JsonSchema {
  const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = schema;
  const onlyRequired = one.type === undefined && one.properties === undefined && one.required !== undefined;
  if (!onlyRequired || rest.properties === undefined) return { ...rest, ...one };
  // Groups of fields of which exactly one is given (oneOf: [{required: [a]}, {required: [b]}]): this one's
  // fields are required, the other groups' left out.
  const mine = one.required ?? [];
  const others = all.filter((other) => other !== one).flatMap((other) => other.required ?? []);
  const properties = Object.fromEntries(
    Object.entries(rest.properties).filter(([key]) => mine.includes(key) || !others.includes(key)),
  );
  return { ...rest, properties, required: [...(rest.required ?? []), ...mine] };
}

function documentValidOfType(
  type: string | undefined,
  schema: JsonSchema,
  known: KnownValues,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return documentValidString(schema, known, name);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 1_000, 1_000_000) });
    case 'number':
      return fc.double({ min: schema.minimum ?? 0, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(documentValidValue(schema.items ?? {}, known, name, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, depth > 3 ? (schema.minItems ?? 0) : 3),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const shape = Object.fromEntries(
        Object.entries(properties).map(([key, child]) => [
          key,
          documentValidValue(child, known, key, depth + 1),
        ]),
      );
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return fc.constant({});
  }
}

function fitsString(schema: JsonSchema, value: string): boolean {
  return (
    value.length >= (schema.minLength ?? 0) &&
    value.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY) &&
    (schema.pattern === undefined || new RegExp(schema.pattern).test(value)) &&
    // No text may carry a NUL character (PostgreSQL cannot store one): the document says so once, for all.
    !value.includes('\u0000')
  );
}

const wordUnit = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split(''),
);

function documentValidString(schema: JsonSchema, known: KnownValues, name: string): fc.Arbitrary<string> {
  const lower = name.toLowerCase();
  const candidates = [
    ...(lower.includes('email') || lower === 'username' ? [...known.emails, ...known.usernames] : []),
    ...(lower.includes('phone') || lower === 'partyid' ? known.phones : []),
    ...(lower.endsWith('id') ? [...known.ids, ...known.studentIds] : []),
    ...(lower === 'file' ? known.files : []),
    ...(lower.includes('password') ? known.passwords : []),
  ].filter((value) => fitsString(schema, value));
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, minLength + 40);
  const generated =
    schema.format === 'date-time'
      ? fc
          .date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true })
          .map((date) => date.toISOString())
      : schema.format === 'binary'
        ? fc.constant('')
        : schema.pattern !== undefined
          ? fc.stringMatching(new RegExp(schema.pattern))
          : fc.string({ unit: wordUnit, minLength, maxLength });
  const fitting = generated.filter((value) => fitsString(schema, value));
  return candidates.length === 0 ? fitting : fc.oneof(fc.constantFrom(...candidates), fitting);
}
