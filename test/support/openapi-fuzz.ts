/**
 * Requests generated from an OpenAPI 3.0 document with fast-check, for the fuzz tests of the
 * control plane and of generated project APIs (issue 21). Each operation gets requests that
 * mix values its schemas accept with hostile ones: wrong types, strings over every limit, lone
 * surrogates and NUL, numbers out of range, unknown fields, malformed JSON, bad percent-encoding
 * in paths and queries, over-long ids, forged or missing tokens. The aim is not to pass
 * validation but to reach every branch behind it; whatever comes back must be a contract answer.
 */
import { request as httpRequest } from 'node:http';
import * as fc from 'fast-check';

/** The subset of OpenAPI 3.0 the generators read. */
export interface OpenApiDocument {
  readonly paths: Record<string, Record<string, unknown>>;
  readonly components?: { readonly schemas?: Record<string, Schema> };
  readonly security?: ReadonlyArray<Record<string, unknown>>;
}

export interface Schema {
  readonly $ref?: string;
  readonly type?: string;
  readonly format?: string;
  readonly enum?: readonly unknown[];
  readonly properties?: Record<string, Schema>;
  readonly required?: readonly string[];
  readonly items?: Schema;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly maxItems?: number;
  readonly nullable?: boolean;
  readonly anyOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
  readonly allOf?: readonly Schema[];
  readonly pattern?: string;
}

interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly required?: boolean;
  readonly schema?: Schema;
}

export interface Operation {
  readonly method: string;
  readonly path: string;
  readonly operationId: string;
  readonly secured: boolean;
  readonly parameters: readonly Parameter[];
  readonly body: Schema | null;
}

/** Every operation of the document, DELETEs last (they remove what later cases could reach). */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = (item.parameters as Parameter[] | undefined) ?? [];
    for (const [method, raw] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const op = raw as { operationId: string; parameters?: Parameter[]; security?: unknown[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };
      const security = op.security ?? doc.security ?? [];
      out.push({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        secured: security.length > 0 && !security.some((s) => Object.keys(s as object).length === 0),
        parameters: [...shared, ...(op.parameters ?? [])],
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return out.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

/** Values known to exist (ids from answers): fuzzed paths hit real records too, not only 404s. */
export class KnownValues {
  private readonly values = new Set<string>();

  /** Collects the string values of id-like keys from a JSON answer. */
  harvest(body: unknown): void {
    const walk = (value: unknown, key: string, depth: number): void => {
      if (depth > 4 || value === null || value === undefined) return;
      if (typeof value === 'string' && /(^id$|Id$|_id$|^fileKey$|^inviteCode$)/.test(key) && value.length < 200) this.values.add(value);
      else if (typeof value === 'number' && key === 'version') this.values.add(String(value));
      else if (Array.isArray(value)) for (const v of value.slice(0, 5)) walk(v, key, depth + 1);
      else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k, depth + 1);
    };
    walk(body, '', 0);
  }

  add(value: string): void {
    this.values.add(value);
  }

  list(): string[] {
    return [...this.values];
  }
}

const LONE_SURROGATE = '\ud800';
/** Strings a validator must refuse or bound, whatever the field. */
const hostileString = fc.oneof(
  fc.constant(''),
  fc.constant(' '),
  fc.constant(`a${LONE_SURROGATE}b`),
  fc.constant('\udfffx'),
  fc.constant('nul\u0000byte'),
  fc.constant('x'.repeat(1_025)),
  fc.constant('é'.repeat(600)),
  fc.constant('🙂'.repeat(300)),
  fc.constant('y'.repeat(70_000)),
  fc.constant('%zz'),
  fc.constant('../../etc/passwd'),
  fc.constant('<script>alert(1)</script>'),
  fc.constant("' OR 1=1 --"),
  fc.constant('__proto__'),
  fc.constant('2026-02-30'),
  fc.constant('9'.repeat(400)),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Values of every JSON type, for any field (a wrong type is the most common bad input). */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, -0, 1e308, -1e308, 2 ** 53 + 1, 0.1, Number.MAX_SAFE_INTEGER),
  fc.constant([]),
  fc.constant({}),
  fc.constant({ $ne: null }),
  fc.constant({ __proto__: { admin: true } }),
  fc.constant(Array.from({ length: 2_000 }, (_, i) => i)),
  fc.constant(nested(60)),
);

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

export class SchemaArbitraries {
  constructor(
    private readonly doc: OpenApiDocument,
    private readonly known: KnownValues,
  ) {}

  private resolve(schema: Schema): Schema {
    let current = schema;
    for (let i = 0; current.$ref && i < 10; i += 1) {
      const name = current.$ref.replace('#/components/schemas/', '');
      current = this.doc.components?.schemas?.[name] ?? {};
    }
    return current;
  }

  /** Mostly values the schema accepts, sometimes hostile ones, at every depth. */
  value(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
    return fc.oneof({ weight: 4, arbitrary: this.plausible(schema, depth) }, { weight: 1, arbitrary: hostileValue });
  }

  private plausible(raw: Schema, depth: number): fc.Arbitrary<unknown> {
    const schema = this.resolve(raw);
    const variants = schema.anyOf ?? schema.oneOf;
    if (variants?.length) return fc.oneof(...variants.map((v) => this.plausible(v, depth)));
    if (schema.allOf?.length) return this.plausible(schema.allOf[0] as Schema, depth);
    if (schema.enum?.length) return fc.constantFrom(...schema.enum);
    switch (schema.type) {
      case 'string':
        return this.string(schema);
      case 'integer':
        return fc.integer({ min: Math.max(schema.minimum ?? -1_000, -1_000_000), max: Math.min(schema.maximum ?? 1_000, 1_000_000) });
      case 'number':
        return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return depth > 3 ? fc.constant([]) : fc.array(this.value(schema.items ?? {}, depth + 1), { maxLength: 3 });
      case 'object':
      default:
        if (!schema.properties || depth > 3) return fc.constant({});
        return this.object(schema, depth);
    }
  }

  private string(schema: Schema): fc.Arbitrary<string> {
    const max = Math.min(schema.maxLength ?? 40, 40);
    const min = Math.min(schema.minLength ?? 0, max);
    const known = this.known.list();
    const options: Array<fc.Arbitrary<string>> = [fc.string({ minLength: min, maxLength: max })];
    switch (schema.format) {
      case 'email':
        options.push(fc.emailAddress());
        break;
      case 'date':
        options.push(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)));
        break;
      case 'date-time':
        options.push(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString()));
        break;
      case 'uri':
      case 'url':
        options.push(fc.webUrl());
        break;
      default:
        if (known.length) options.push(fc.constantFrom(...known));
        options.push(fc.constant('Correct-Horse-9'), fc.string({ unit: 'grapheme', minLength: min, maxLength: max }));
    }
    return fc.oneof(...options);
  }

  private object(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const props = Object.entries(schema.properties ?? {});
    const required = new Set(schema.required ?? []);
    const entries = props.map(([name, child]) =>
      fc.oneof(
        { weight: required.has(name) ? 6 : 2, arbitrary: this.value(child, depth + 1).map((v) => [name, v] as const) },
        { weight: 1, arbitrary: fc.constant(null) },
      ),
    );
    const unknownField = fc.oneof(
      { weight: 6, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom('owner_id', 'org_id', 'role', 'isAdmin', 'id', 'created_at', 'constructor').chain((k) => hostileValue.map((v) => [k, v] as const)) },
    );
    return fc.tuple(fc.tuple(...entries), unknownField).map(([fields, extra]) => {
      const out: Record<string, unknown> = {};
      for (const field of [...fields, extra]) if (field) out[field[0]] = field[1];
      return out;
    });
  }

  /** A path segment: a known id, a plausible value, or a hostile one (raw: sent without encoding). */
  pathValue(param: Parameter): fc.Arbitrary<{ raw: boolean; value: string }> {
    const known = this.known.list();
    return fc.oneof(
      { weight: 4, arbitrary: known.length ? fc.constantFrom(...known).map((value) => ({ raw: false, value })) : fc.constant({ raw: false, value: 'missing' }) },
      { weight: 2, arbitrary: this.string(this.resolve(param.schema ?? { type: 'string' })).map((value) => ({ raw: false, value: String(value) })) },
      { weight: 2, arbitrary: hostileString.filter((s) => s.length > 0 && s.length < 5_000).map((value) => ({ raw: false, value })) },
      { weight: 1, arbitrary: fc.constantFrom('%zz', '%', '%c3%28', '%ff%fe', '%00', '..', '%2e%2e', 'a%2Fb', '%25zz').map((value) => ({ raw: true, value })) },
    );
  }

  /** A query value: absent, plausible or hostile (`limit=1e1`, `0x10`, ` 10`, over the maximum). */
  queryValue(param: Parameter): fc.Arbitrary<string | null> {
    const schema = this.resolve(param.schema ?? { type: 'string' });
    const plausible = this.plausible(schema, 0).map((v) => (v === null || v === undefined ? '' : String(v)));
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant(null) },
      { weight: 3, arbitrary: plausible },
      { weight: 2, arbitrary: fc.constantFrom('1e1', '0x10', ' 10', '+5', '10.0', '-1', '0', '101', '99999999999999999999', 'NaN', '', 'abc') },
      { weight: 1, arbitrary: hostileString.filter((s) => s.length < 5_000) },
    );
  }
}

export interface FuzzRequest {
  readonly method: string;
  /** Already encoded: sent exactly as it is. */
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
  readonly label: string;
}

export interface Tokens {
  /** A valid access token of a privileged caller. */
  readonly valid: string;
  /** Valid tokens that must not work here (another API's, an ID token, a refresh token). */
  readonly foreign: readonly string[];
}

/** A whole request for one operation. */
export function requestArbitrary(op: Operation, schemas: SchemaArbitraries, tokens: Tokens): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const auth = op.secured
    ? fc.oneof(
        { weight: 8, arbitrary: fc.constant(`Bearer ${tokens.valid}`) },
        { weight: 1, arbitrary: fc.constantFrom<string | null>(null, 'Bearer', 'Bearer x.y.z', `Bearer ${tokens.valid}x`, `Basic ${tokens.valid}`) },
        { weight: 1, arbitrary: tokens.foreign.length ? fc.constantFrom(...tokens.foreign).map((t) => `Bearer ${t}`) : fc.constant(null) },
      )
    : fc.oneof({ weight: 6, arbitrary: fc.constant<string | null>(null) }, { weight: 1, arbitrary: fc.constant(`Bearer ${tokens.valid}`) });
  const body: fc.Arbitrary<{ text: string | undefined; type: string | undefined }> = op.body
    ? fc.oneof(
        { weight: 12, arbitrary: schemas.value(op.body).map((v) => ({ text: JSON.stringify(v), type: 'application/json' })) },
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            { text: '{"a":', type: 'application/json' },
            { text: '', type: 'application/json' },
            { text: 'null', type: 'application/json' },
            { text: '[]', type: 'application/json' },
            { text: '"\\ud800"', type: 'application/json' },
            { text: '{"name":"\\udc00\\u0000"}', type: 'application/json' },
            { text: '{"x":1}', type: 'text/plain' },
            { text: '{}', type: 'application/json; charset=latin1' },
            { text: `{"a":"${'z'.repeat(1_100_000)}"}`, type: 'application/json' },
          ),
        },
      )
    : fc.oneof({ weight: 8, arbitrary: fc.constant({ text: undefined, type: undefined }) }, { weight: 1, arbitrary: fc.constant({ text: '{"unexpected":true}', type: 'application/json' }) });
  return fc
    .record({
      path: fc.tuple(...pathParams.map((p) => schemas.pathValue(p))),
      query: fc.tuple(...queryParams.map((p) => schemas.queryValue(p))),
      extraQuery: fc.oneof({ weight: 6, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('unknown=1', '%zz=1', 'limit=5&limit=6', 'cursor=%ff') }),
      auth,
      body,
    })
    .map(({ path, query, extraQuery, auth: authorization, body: payload }) => {
      let url = op.path;
      pathParams.forEach((p, i) => {
        const v = path[i] as { raw: boolean; value: string };
        url = url.replace(`{${p.name}}`, v.raw ? v.value : encodeLoosely(v.value));
      });
      const parts = queryParams.flatMap((p, i) => (query[i] === null ? [] : [`${encodeURIComponent(p.name)}=${encodeLoosely(query[i] as string)}`]));
      if (extraQuery) parts.push(extraQuery);
      const headers: Record<string, string> = {};
      if (authorization) headers.authorization = authorization;
      if (payload.type) headers['content-type'] = payload.type;
      return {
        method: op.method,
        path: parts.length ? `${url}?${parts.join('&')}` : url,
        headers,
        body: payload.text,
        label: `${op.method} ${op.path}`,
      };
    });
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is sent as its WTF-8
 * bytes (`%ED%A0%80`): what a client that does not check its strings puts on the wire.
 */
function encodeLoosely(value: string): string {
  let out = '';
  for (const char of value) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

export interface RawAnswer {
  readonly status: number;
  readonly text: string;
  readonly headers: Record<string, string | string[] | undefined>;
}

/** Sends the request byte for byte (fetch would normalize the path and refuse some headers). */
export function send(baseUrl: string, req: FuzzRequest): Promise<RawAnswer> {
  const base = new URL(baseUrl);
  return new Promise((done, fail) => {
    const out = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: `${base.pathname.replace(/\/$/, '')}${req.path}`,
        headers: { ...req.headers, ...(req.body !== undefined ? { 'content-length': String(Buffer.byteLength(req.body)) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
        res.on('error', fail);
      },
    );
    out.on('error', fail);
    out.end(req.body);
  });
}

/** What is wrong with an answer, or null: no 5xx, and every error is `{ error, code }`. */
export function contractProblem(answer: RawAnswer, allowed5xx: ReadonlySet<string> = new Set()): string | null {
  if (answer.status < 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `status ${answer.status} with a body that is not JSON: ${answer.text.slice(0, 200)}`;
  }
  const { error, code } = (body ?? {}) as { error?: unknown; code?: unknown };
  if (typeof error !== 'string' || typeof code !== 'string') return `status ${answer.status} without {error, code}: ${answer.text.slice(0, 200)}`;
  if (/\n\s+at /.test(answer.text)) return `status ${answer.status} leaks a stack trace`;
  if (answer.status >= 500 && !allowed5xx.has(code)) return `status ${answer.status} ${code}: ${error}`;
  if (answer.status === 429 && !answer.headers['retry-after']) return `429 ${code} without Retry-After`;
  return null;
}
