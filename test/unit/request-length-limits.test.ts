/**
 * Every length limit the servers enforce is published (issue 21 item 8, CONTRACT "String fields
 * carry a length limit ... published in the OpenAPI"): walking each OpenAPI document, every
 * string a request can carry (path, query, body, nested) states a maxLength and every array a
 * maxItems, for the control plane and for each example's generated API. The published numbers
 * are the ones the validators apply.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MAX_LENGTH, DEFAULT_MAX_LIST_ITEMS, MAX_RECORD_BYTES, fieldLimits, maxLengthOf } from '../../lambdas/core/blueprint/field-limits';
import type { JsonSchema } from '../../lambdas/core/blueprint/project-routes';
import { renderOpenApi } from '../../lambdas/core/blueprint/render/openapi';
import { checkValue, validateCreate } from '../../lambdas/core/project-api/record-validation';
import { controlPlaneOpenApi } from '../../lambdas/control-plane/openapi';
import { ApplyRequest, ChatRequest, MAX_CHAT_MESSAGE_CHARS, MAX_SPEC_CHARS, PostChatMessageRequest } from '../../lambdas/control-plane/schemas';
import { PayloadTooLargeError } from '../../lambdas/core/errors';
import { goldenEntity, goldenIr } from '../support/golden-ir';

type Schema = JsonSchema & { anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[]; type?: JsonSchema['type'] | string[] };
interface Doc {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string; schema?: Schema }[]; requestBody?: { content: Record<string, { schema?: Schema }> } }>>;
  components?: { schemas?: Record<string, Schema> };
}

/** `where` of every string schema without maxLength (enums excepted) and array without maxItems a request can reach. */
function unbounded(doc: Doc): string[] {
  const out: string[] = [];
  const resolve = (schema: Schema): Schema => {
    const ref = schema.$ref?.replace('#/components/schemas/', '');
    return ref !== undefined ? resolve(doc.components!.schemas![ref]!) : schema;
  };
  const visit = (raw: Schema | undefined, where: string, seen: Set<Schema>): void => {
    if (!raw) return;
    const schema = resolve(raw);
    if (seen.has(schema)) return;
    seen.add(schema);
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (types.includes('string') && !schema.enum && schema.maxLength === undefined) out.push(where);
    if (types.includes('array') && schema.maxItems === undefined) out.push(`${where} (items)`);
    for (const [name, property] of Object.entries(schema.properties ?? {})) visit(property, `${where}.${name}`, seen);
    visit(schema.items, `${where}[]`, seen);
    if (typeof schema.additionalProperties === 'object') visit(schema.additionalProperties, `${where}.*`, seen);
    for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) visit(sub, where, seen);
  };
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      for (const parameter of op.parameters ?? []) visit(parameter.schema, `${method.toUpperCase()} ${path} ${parameter.in}.${parameter.name}`, new Set());
      for (const media of Object.values(op.requestBody?.content ?? {})) visit(media.schema, `${method.toUpperCase()} ${path} body`, new Set());
    }
  }
  return out;
}

describe('the walk itself', () => {
  it('finds an unbounded string, nested string, and array', () => {
    const doc: Doc = {
      paths: { '/x': { post: { parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }], requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/B' } } } } } } },
      components: { schemas: { B: { type: 'object', properties: { a: { type: 'string', maxLength: 3 }, b: { type: 'array', items: { type: 'string' } }, c: { type: 'string', enum: ['x'] } } } } },
    };
    expect(unbounded(doc)).toEqual(['POST /x query.q', 'POST /x body.b (items)', 'POST /x body.b[]']);
  });
});

describe('the control plane publishes every length limit it enforces', () => {
  const doc = controlPlaneOpenApi('http://127.0.0.1:3000') as unknown as Doc;

  it('has no request string without maxLength', () => {
    expect(unbounded(doc)).toEqual([]);
  });

  it('states the chat message, spec content and chat-message content limits', () => {
    const schemas = doc.components!.schemas!;
    expect(schemas.ChatRequest!.properties!.message!.maxLength).toBe(MAX_CHAT_MESSAGE_CHARS);
    expect(schemas.PostChatMessageRequest!.properties!.content!.maxLength).toBe(MAX_CHAT_MESSAGE_CHARS);
    expect(schemas.ApplyRequest!.properties!.content!.maxLength).toBe(MAX_SPEC_CHARS);
    expect(schemas.ApplyRequest!.properties!.content!.description).toMatch(/358400 bytes in UTF-8/);
    expect(schemas.PromptRequest!.properties!.prompt!.maxLength).toBe(MAX_CHAT_MESSAGE_CHARS);
  });

  it('enforces exactly those limits', () => {
    expect(ChatRequest.safeParse({ message: 'x'.repeat(MAX_CHAT_MESSAGE_CHARS) }).success).toBe(true);
    expect(ChatRequest.safeParse({ message: 'x'.repeat(MAX_CHAT_MESSAGE_CHARS + 1) }).success).toBe(false);
    expect(PostChatMessageRequest.safeParse({ role: 'user', content: 'x'.repeat(MAX_CHAT_MESSAGE_CHARS + 1) }).success).toBe(false);
    expect(ApplyRequest.safeParse({ content: 'x'.repeat(MAX_SPEC_CHARS + 1) }).success).toBe(false);
    expect(ChatRequest.safeParse({ message: '   ' }).success).toBe(false);
  });
});

describe.each(['01-task-tracker', '02-recipe-blog', '03-expense-approvals', '04-clinic-appointments', '05-inventory', 'example'])('the generated API of %s', (name) => {
  const ir = goldenIr(name);
  const doc = renderOpenApi({ ir, serverUrl: 'http://127.0.0.1:3000/apis/x' }) as unknown as Doc;

  it('has no request string without maxLength and no list without maxItems', () => {
    expect(unbounded(doc)).toEqual([]);
  });

  it('publishes for each field the limit record validation enforces', () => {
    for (const entity of ir.entities) {
      const create = doc.components!.schemas![entity.name]!;
      for (const field of entity.fields.filter((f) => !f.serverOwned && f.type !== 'list' && f.type !== 'enum')) {
        const published = create.properties![field.name]!.maxLength;
        const expected = maxLengthOf({ type: field.type, ...(field.max !== undefined ? { max: field.max } : {}), ...(field.ref ? { refEntity: field.ref.entity } : {}) });
        expect([field.name, published]).toEqual([field.name, expected]);
      }
    }
  });
});

describe('the README', () => {
  it('states the default limits the code applies', () => {
    const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
    for (const type of ['string', 'text', 'email', 'url'] as const) {
      expect(readme).toContain(`| ${type} | ${DEFAULT_MAX_LENGTH[type].maxLength.toLocaleString('en-US')} characters |`);
    }
    expect(readme).toContain(`| list | ${DEFAULT_MAX_LIST_ITEMS} items`);
    expect(readme).toContain(`at most ${MAX_RECORD_BYTES.toLocaleString('en-US')} bytes`);
  });
});

describe('field limits', () => {
  const Task = goldenEntity('01-task-tracker', 'Task');
  const Ticket = goldenEntity('example', 'Ticket');

  it('takes the description limit over the type default', () => {
    expect(maxLengthOf({ type: 'string', max: 120 })).toBe(120);
    expect(maxLengthOf({ type: 'string' })).toBe(DEFAULT_MAX_LENGTH.string.maxLength);
    expect(maxLengthOf({ type: 'text' })).toBe(DEFAULT_MAX_LENGTH.text.maxLength);
    expect(maxLengthOf({ type: 'integer' })).toBeUndefined();
    expect(fieldLimits(Ticket.fields).find((l) => l.field === 'subject')).toEqual({ field: 'subject', type: 'string', limit: 'at most 120 characters', source: 'description' });
    expect(fieldLimits(Ticket.fields).find((l) => l.field === 'tags')).toEqual({ field: 'tags', type: 'list(string)', limit: 'at most 10 items of at most 1000 characters', source: 'description' });
    expect(fieldLimits(Task.fields).find((l) => l.field === 'title')).toEqual({ field: 'title', type: 'string', limit: 'at most 1000 characters', source: 'default' });
  });

  it('counts characters as code points and names the limit', () => {
    expect(checkValue({ type: 'string' }, '\u{1F600}'.repeat(1000))).toBeUndefined();
    expect(checkValue({ type: 'string' }, 'x'.repeat(1001))).toBe('must have at most 1000 characters');
    expect(checkValue({ type: 'email' }, `${'a'.repeat(250)}@b.co`)).toBe('must have at most 254 characters');
    expect(checkValue({ type: 'url' }, `https://example.com/${'a'.repeat(2048)}`)).toBe('must have at most 2048 characters');
    expect(checkValue({ type: 'list', items: { type: 'string' } }, Array.from({ length: DEFAULT_MAX_LIST_ITEMS + 1 }, () => 'a'))).toBe(`must have at most ${DEFAULT_MAX_LIST_ITEMS} items`);
  });

  it('bounds a record in UTF-8 bytes (413), whatever its length in characters', () => {
    const project = '01JD5Z8Q0M3N4P5R6S7T8V9W01';
    const fits = '\u{1F600}'.repeat(Math.floor(MAX_RECORD_BYTES / 4) - 100);
    expect(validateCreate(Task, { title: 'T', project_id: project, description: fits }).description).toBe(fits);
    const over = '\u{1F600}'.repeat(Math.floor(MAX_RECORD_BYTES / 4) + 1);
    expect(over.length).toBeLessThan(DEFAULT_MAX_LENGTH.text.maxLength * 2);
    expect(() => validateCreate(Task, { title: 'T', project_id: project, description: over })).toThrow(PayloadTooLargeError);
    expect(() => validateCreate(Task, { title: 'T', project_id: project, description: over })).toThrow(`the limit is ${MAX_RECORD_BYTES} bytes`);
  });
});
