/**
 * The OpenAPI document of generated project APIs (lambdas/core/blueprint/render/openapi.ts),
 * rendered from the golden IRs (test/fixtures/blueprint/*.ir.json, so a builder change moves no
 * test here): golden files per example (test/fixtures/artifacts/<example>.openapi.json), validity
 * (swagger-parser, Redocly's recommended lint), every manifest route present, and YAML that
 * YAML 1.1 and 1.2 readers read as the same document.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import { projectApi, projectRoutes } from '../../lambdas/core/blueprint/project-routes';
import { renderOpenApi, renderOpenApiYaml, type OpenAPIObject } from '../../lambdas/core/blueprint/render/openapi';
import { exampleBlueprints, openApiGoldenPath, renderedArtifacts } from '../fixtures/producers/artifacts';
import { assertGoldenCurrent, readRepositoryFile } from '../fixtures/producers/golden-producer';
import { goldenIr } from '../support/golden-ir';

const ROOT = join(__dirname, '..', '..');
const examples = exampleBlueprints();
const rendered = examples.map((e) => ({ ...e, doc: renderOpenApi({ ir: e.ir, serverUrl: e.serverUrl }) }));

interface LintProblem {
  severity: string;
  ruleId: string;
  message: string;
  pointer?: string;
}

/**
 * Redocly's `recommended` ruleset, run in a child Node process: @redocly/openapi-core is ESM-only,
 * which this Jest setup (CommonJS) does not load.
 */
function redoclyLint(doc: unknown): LintProblem[] {
  const script = `
    import { lintFromString, createConfig } from '@redocly/openapi-core';
    let source = '';
    for await (const chunk of process.stdin) source += chunk;
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    process.stdout.write(JSON.stringify(problems.map((p) => ({ severity: p.severity, ruleId: p.ruleId, message: p.message, pointer: p.location?.[0]?.pointer }))));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, input: JSON.stringify(doc), encoding: 'utf8', timeout: 60_000 });
  if (run.status !== 0) throw new Error(`redocly lint failed to run: ${run.stderr}`);
  return JSON.parse(run.stdout) as LintProblem[];
}

const yamlRoundTrip = (doc: unknown) => {
  const yaml = renderOpenApiYaml(doc);
  const json = JSON.parse(JSON.stringify(doc)) as unknown;
  return { yaml, json, v11: parseYaml(yaml, { version: '1.1' }) as unknown, v12: parseYaml(yaml, { version: '1.2' }) as unknown };
};

describe('OpenAPI golden files (rendered from the golden IRs)', () => {
  const produced = renderedArtifacts.produce(readRepositoryFile);

  it('has one OpenAPI golden file per example', () => {
    const paths = Object.keys(produced).filter((p) => p.endsWith('.openapi.json'));
    expect(paths.sort()).toEqual(examples.map((e) => openApiGoldenPath(e.example.id)).sort());
  });

  it.each(examples.map((e) => [openApiGoldenPath(e.example.id)] as const))('%s is current', (path) => {
    assertGoldenCurrent(renderedArtifacts, path, produced[path]!);
  });
});

describe.each(rendered.map((r) => [r.example.id, r] as const))('OpenAPI of %s', (_id, { ir, doc, serverUrl }) => {
  it('passes swagger-parser validation', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('passes the Redocly recommended lint with no errors', () => {
    const problems = redoclyLint(doc);
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('reads the same as YAML under YAML 1.1 and 1.2', () => {
    const { v11, v12, json } = yamlRoundTrip(doc);
    expect(v11).toEqual(json);
    expect(v12).toEqual(json);
  });

  it('is OpenAPI 3.0.3 with the server address, the bearer JWT scheme and tags', () => {
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.servers).toEqual([{ url: serverUrl }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.info.title).toContain(ir.project.name);
    const tagNames = doc.tags.map((t) => t.name);
    for (const op of Object.values(doc.paths).flatMap((p) => Object.values(p))) expect(tagNames).toContain(op.tags[0]);
  });

  it('lists every route of the manifest with its method, parameters, body, responses and security', () => {
    const routes = projectRoutes(ir);
    const operations = Object.values(doc.paths).flatMap((p) => Object.keys(p));
    expect(operations).toHaveLength(routes.length);
    for (const route of routes) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect({ route: route.id, found: Boolean(op) }).toEqual({ route: route.id, found: true });
      expect(op!.operationId).toBe(route.operationId);
      expect(op!['x-bgs-level']).toBe(route.level);
      expect(op!.security).toEqual(route.level === 'public' ? [] : undefined);
      expect(Boolean(op!.requestBody)).toBe(Boolean(route.request.body));
      const params = (op!.parameters ?? []) as { name: string; in: string; required: boolean }[];
      expect(params.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(Object.keys(route.request.params?.properties ?? {}));
      expect(params.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(Object.keys(route.request.query?.properties ?? {}));
      expect(params.filter((p) => p.in === 'path').every((p) => p.required)).toBe(true);
      expect(Object.keys(op!.responses)).toEqual(Object.keys(route.responses));
      for (const [status, response] of Object.entries(op!.responses)) {
        if (Number(status) >= 400) expect(response.content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/Error' } } });
      }
    }
  });

  it('has components.schemas per entity (record, create, replace, update, list) and the error schema', () => {
    const api = projectApi(ir);
    for (const entity of ir.entities) {
      const names = api.entitySchemas[entity.name]!;
      for (const name of [names.entity, names.create, names.replace, names.update, names.list]) expect(doc.components.schemas[name]).toBeDefined();
    }
    expect(doc.components.schemas.Error).toMatchObject({ type: 'object', required: ['error', 'code'] });
    expect(doc.components.schemas.Tokens!.required).toEqual(['accessToken', 'refreshToken', 'idToken', 'expiresIn']);
  });
});

describe('task tracker OpenAPI', () => {
  const { doc, ir } = rendered.find((r) => r.example.id === '01-task-tracker')!;

  it('documents the Task enums, formats and required fields', () => {
    const task = doc.components.schemas.Task!;
    expect(task.properties!.priority!.enum).toEqual(['low', 'medium', 'high']);
    expect(task.properties!.status!.enum).toEqual(['pending', 'active', 'done']);
    expect(task.properties!.due_date!.format).toBe('date');
    expect(task.properties!.updated_at!.format).toBe('date-time');
    expect(doc.components.schemas.TaskCreate).toMatchObject({ required: ['title', 'project_id'], additionalProperties: false });
  });

  it('has list parameters: limit 1..100 default 20, cursor, filters on indexed fields', () => {
    const params = doc.paths['/v1/tasks']!.get!.parameters as { name: string; schema: Record<string, unknown> }[];
    expect(params.map((p) => p.name)).toEqual(['limit', 'cursor', 'owner_id', 'priority', 'status', 'assignee_id', 'project_id']);
    expect(params[0]!.schema).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(params.find((p) => p.name === 'status')!.schema.enum).toEqual(['pending', 'active', 'done']);
  });

  it('has the attachment routes and invitations, public auth routes, and the Task DELETE level of the IR', () => {
    expect(doc.paths['/v1/tasks/{id}/attachments/upload-url']!.post).toBeDefined();
    expect(doc.paths['/v1/tasks/{id}/attachments/{fileKey}/download-url']!.get).toBeDefined();
    expect(doc.paths['/v1/invitations']!.post).toBeDefined();
    expect(doc.paths['/auth/login']!.post!.security).toEqual([]);
    expect(doc.paths['/auth/me']!.get!.security).toBeUndefined();
    const del = doc.paths['/v1/tasks/{id}']!.delete!;
    const task = ir.entities.find((e) => e.name === 'Task')!;
    expect(del['x-bgs-level']).toBe(task.operations.delete.level);
    expect(del['x-bgs-right']).toEqual({ entity: 'Task', operation: 'delete' });
    // Members have no delete right on tasks (CONTRACT "Authorization"): only the admin role is named.
    expect(del.description).toContain('Needs the delete right on Task: admin.');
  });

  it('has no /v1/invitations in a single-tenant project', () => {
    const blog = rendered.find((r) => r.example.id === '02-recipe-blog')!.doc;
    expect(blog.paths['/v1/invitations']).toBeUndefined();
    expect(blog.paths['/v1/recipes']!.get!.security).toEqual([]);
  });
});

describe('YAML for YAML 1.1 and 1.2 readers', () => {
  /** Strings a plain YAML scalar would turn into booleans, nulls, numbers or dates under one version or the other. */
  const TRICKY = ['yes', 'no', 'on', 'off', 'y', 'n', 'Y', 'N', 'Yes', 'NO', '~', 'null', 'true', 'False', '2024-01-01', '2024-01-01T10:00:00Z', '12:30', '1:20:30', '0o12', '012', '0x1F', '1e3', '1_000', '0b101', '.5', '+12', '-', '.inf', '.NaN', '<<', '=', ''];

  it('quotes every ambiguous string, as value and as key, and keeps numbers and booleans', () => {
    const doc = { values: TRICKY, keys: Object.fromEntries(TRICKY.filter(Boolean).map((s, i) => [s, i])), numbers: [0, -1, 1.5, 10485760, 1e21], flags: [true, false], nothing: null, text: 'a: b # c\nsecond line' };
    const { v11, v12, json } = yamlRoundTrip(doc);
    expect(v11).toEqual(json);
    expect(v12).toEqual(json);
  });

  it('holds for a blueprint whose enum values, field names and texts look like booleans, dates and numbers', () => {
    const ir = structuredClone(examples.find((e) => e.example.id === '01-task-tracker')!.ir) as BlueprintIR;
    ir.project.name = '2024-01-01';
    ir.project.summary = 'yes';
    const task = ir.entities.find((e) => e.name === 'Task')!;
    const priority = task.fields.find((f) => f.name === 'priority')!;
    priority.enum = ['yes', 'no', 'on', 'off', '1.0', '2024-01-01', '12:30'];
    priority.default = 'yes';
    task.fields.push({ name: 'on', type: 'boolean', required: false }, { name: 'y', type: 'string', required: false, notes: 'no' });
    ir.roles[1]!.name = 'no';
    const doc: OpenAPIObject = renderOpenApi({ ir, serverUrl: 'http://127.0.0.1:3000/apis/x' });
    const { yaml, v11, v12, json } = yamlRoundTrip(doc);
    expect(v11).toEqual(json);
    expect(v12).toEqual(json);
    expect(yaml).toContain('- "yes"');
    expect(yaml).toContain('"on":');
  });

  it('writes no anchors or aliases and no folded lines', () => {
    const { yaml } = yamlRoundTrip(rendered[0]!.doc);
    expect(yaml).not.toMatch(/[&*]a\d+\b/);
    const long = rendered[0]!.doc.info.description.split('\n')[0]!;
    expect(yaml).toContain(long.slice(0, 200));
  });
});

describe('OpenAPI of the spec format example (help desk: lists, ranges, unique, owner field, public access, two file entities, two workflows)', () => {
  const ir = goldenIr('example');
  const doc = renderOpenApi({ ir, serverUrl: 'http://127.0.0.1:3000/apis/help-desk' });
  const schemas = doc.components.schemas;

  it('is valid (swagger-parser, Redocly) and reads the same under YAML 1.1 and 1.2', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(redoclyLint(doc).filter((p) => p.severity === 'error')).toEqual([]);
    const { v11, v12, json } = yamlRoundTrip(doc);
    expect(v11).toEqual(json);
    expect(v12).toEqual(json);
  });

  it('carries lists, ranges, lengths, formats and defaults into the schemas', () => {
    const ticket = schemas.Ticket!.properties!;
    expect(ticket.tags).toMatchObject({ type: 'array', items: { type: 'string' }, maxItems: 10, nullable: true });
    expect(ticket.satisfaction).toMatchObject({ type: 'integer', minimum: 1, maximum: 5 });
    expect(ticket.subject).toMatchObject({ type: 'string', minLength: 3, maxLength: 120 });
    expect(ticket.due_at).toMatchObject({ type: 'string', format: 'date-time' });
    expect(ticket.requester_id!.description).toContain('owner of the record');
    expect(schemas.Team!.properties!.email).toMatchObject({ format: 'email' });
    expect(schemas.CommentCreate!.properties!.internal).toMatchObject({ type: 'boolean', default: false });
  });

  it('has public article reads, an admin ticket delete, attachments for tickets and comments, and a start route per workflow', () => {
    expect(doc.paths['/v1/articles']!.get!.security).toEqual([]);
    expect(doc.paths['/v1/articles/{id}']!.get!.security).toEqual([]);
    expect(doc.paths['/v1/articles']!.post!.security).toBeUndefined();
    expect(doc.paths['/v1/tickets/{id}']!.delete!['x-bgs-level']).toBe('admin');
    expect(doc.paths['/v1/comments/{id}']!.patch!['x-bgs-level']).toBe('owner');
    expect(doc.paths['/v1/tickets/{id}/attachments/upload-url']).toBeDefined();
    expect(doc.paths['/v1/comments/{id}/attachments/upload-url']).toBeDefined();
    expect(doc.paths['/v1/teams/{id}/attachments/upload-url']).toBeUndefined();
    expect(doc.paths['/workflows/first_response/start']!.post).toBeDefined();
    expect(doc.paths['/workflows/satisfaction_survey/start']!.post).toBeDefined();
    expect(schemas.WorkflowSignalRequest!.properties!.event!.enum).toEqual(['answered', 'resolved', 'rated']);
  });
});
