/**
 * The route manifest of generated project APIs (lambdas/core/blueprint/project-routes.ts), for
 * every example's blueprint and for hand-made variations: the contract's routes, levels and
 * rights from the IR, API Gateway-compatible paths, closed bodies, list queries, schema names.
 */
import type { BlueprintIR, IrEntity } from '../../lambdas/core/blueprint/ir';
import { projectApi, projectRoutes, refName, type JsonSchema, type ProjectRoute } from '../../lambdas/core/blueprint/project-routes';
import { exampleBlueprints } from '../fixtures/producers/artifacts';

const examples = exampleBlueprints();
const byId = (id: string) => examples.find((e) => e.example.id === id)!;
const taskTracker = () => structuredClone(byId('01-task-tracker').ir);
const entity = (ir: BlueprintIR, name: string): IrEntity => ir.entities.find((e) => e.name === name)!;
const route = (routes: ProjectRoute[], id: string): ProjectRoute => {
  const found = routes.find((r) => r.id === id);
  if (!found) throw new Error(`no route ${id} in ${routes.map((r) => r.id).join(', ')}`);
  return found;
};
const key = (r: ProjectRoute) => `${r.method} ${r.path}`;

describe.each(examples.map((e) => [e.example.id, e] as const))('route manifest of %s', (_id, { ir }) => {
  const api = projectApi(ir);
  const routes = api.routes;

  it('is deterministic and equals projectRoutes', () => {
    expect(JSON.stringify(projectApi(ir))).toBe(JSON.stringify(api));
    expect(projectRoutes(ir)).toEqual(routes);
  });

  it('has unique ids, operation ids and method+path pairs', () => {
    for (const pick of [(r: ProjectRoute) => r.id, (r: ProjectRoute) => r.operationId, key]) {
      const values = routes.map(pick);
      expect(new Set(values).size).toBe(values.length);
    }
  });

  it('names one path parameter per path position under a common prefix (API Gateway)', () => {
    const names = new Map<string, Set<string>>();
    for (const r of routes) {
      const segments = r.path.split('/');
      segments.forEach((segment, i) => {
        if (!segment.startsWith('{')) return;
        const prefix = segments.slice(0, i).join('/');
        (names.get(prefix) ?? names.set(prefix, new Set()).get(prefix)!).add(segment);
      });
      // Every {param} of the path is declared in request.params, and only those.
      const declared = Object.keys(r.request.params?.properties ?? {}).sort();
      expect(declared).toEqual([...r.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort());
      expect(r.request.params?.required?.sort() ?? []).toEqual(declared);
    }
    for (const [prefix, set] of names) expect({ prefix, names: [...set] }).toEqual({ prefix, names: [[...set][0]] });
  });

  it('has the auth routes, public except /auth/me', () => {
    for (const name of ['signup', 'confirm', 'login', 'refresh', 'forgot-password', 'reset-password']) {
      const r = routes.find((x) => x.path === `/auth/${name}`)!;
      expect(r).toMatchObject({ method: 'POST', kind: 'auth', level: 'public' });
      expect(r.right).toBeUndefined();
      expect(r.request.body).toBeDefined();
    }
    expect(route(routes, 'auth.me')).toMatchObject({ method: 'GET', path: '/auth/me', level: 'authenticated' });
    expect(route(routes, 'auth.signup').successStatus).toBe(201);
    expect(route(routes, 'auth.forgotPassword').successStatus).toBe(202);
  });

  it('has the member routes (admin) and invitations only when multi-tenant', () => {
    expect(routes.filter((r) => r.kind === 'users').map((r) => [key(r), r.level])).toEqual([
      ['GET /v1/users', 'admin'],
      ['GET /v1/users/{id}', 'admin'],
      ['PUT /v1/users/{id}/role', 'admin'],
      ['DELETE /v1/users/{id}', 'admin'],
    ]);
    const invitations = routes.filter((r) => r.kind === 'invitations').map(key);
    expect(invitations).toEqual(ir.tenancy.mode === 'multi' ? ['POST /v1/invitations'] : []);
    if (ir.tenancy.mode === 'multi') expect(route(routes, 'invitations.create').level).toBe('admin');
  });

  it('has the CRUD routes of every entity under /v1/<collection>, with the IR levels and rights', () => {
    for (const e of ir.entities) {
      const own = routes.filter((r) => r.kind === 'crud' && r.entity === e.name);
      expect(own.map(key)).toEqual([
        `GET /v1/${e.collection}`,
        `POST /v1/${e.collection}`,
        `GET /v1/${e.collection}/{id}`,
        `PUT /v1/${e.collection}/{id}`,
        `PATCH /v1/${e.collection}/{id}`,
        `DELETE /v1/${e.collection}/{id}`,
      ]);
      const expected: [string, 'list' | 'read' | 'create' | 'update' | 'delete', 'read' | 'create' | 'update' | 'delete'][] = [
        ['list', 'list', 'read'],
        ['create', 'create', 'create'],
        ['read', 'read', 'read'],
        ['replace', 'update', 'update'],
        ['update', 'update', 'update'],
        ['delete', 'delete', 'delete'],
      ];
      for (const [suffix, operation, right] of expected) {
        const r = route(routes, `${e.collection}.${suffix}`);
        expect(r.operation).toBe(operation);
        expect(r.level).toBe(e.operations[operation].level);
        expect(r.right).toEqual(r.level === 'public' ? undefined : { entity: e.name, operation: right });
      }
      expect(route(routes, `${e.collection}.create`).successStatus).toBe(201);
      expect(route(routes, `${e.collection}.delete`).successStatus).toBe(204);
      expect(route(routes, `${e.collection}.delete`).responses['204']!.schema).toBeUndefined();
    }
  });

  it('lists take limit (1..100, default 20), cursor and one filter per indexed field, and answer { items, next_cursor }', () => {
    for (const e of ir.entities) {
      const list = route(routes, `${e.collection}.list`);
      const query = list.request.query!;
      expect(query.additionalProperties).toBe(false);
      expect(query.properties!.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
      expect(query.properties!.cursor).toMatchObject({ type: 'string' });
      const indexed = [...new Set(e.indexes.map((i) => i.field))];
      expect(Object.keys(query.properties!)).toEqual(['limit', 'cursor', ...indexed]);
      expect(indexed.sort()).toEqual(e.fields.filter((f) => f.indexed).map((f) => f.name).sort());
      for (const field of e.fields.filter((f) => f.type === 'enum' && f.indexed)) expect(query.properties![field.name]!.enum).toEqual(field.enum);
      const listSchema = api.schemas[refName(list.responses['200']!.schema)!]!;
      expect(listSchema.required).toEqual(['items', 'next_cursor']);
      expect(refName(listSchema.properties!.items!.items)).toBe(api.entitySchemas[e.name]!.entity);
      expect(listSchema.properties!.next_cursor).toMatchObject({ type: 'string', nullable: true });
    }
  });

  it('entity schemas: create bodies closed with the IR required fields and no server-owned or file fields; responses with every field', () => {
    for (const e of ir.entities) {
      const names = api.entitySchemas[e.name]!;
      const create = api.schemas[names.create]!;
      expect(create.additionalProperties).toBe(false);
      const writable = e.fields.filter((f) => !f.serverOwned && f.type !== 'file');
      expect(Object.keys(create.properties!)).toEqual(writable.map((f) => f.name));
      expect(create.required ?? []).toEqual(writable.filter((f) => f.required).map((f) => f.name));
      for (const name of ['id', 'owner_id', 'created_at', 'updated_at', 'org_id']) expect(create.properties![name]).toBeUndefined();

      const response = api.schemas[names.entity]!;
      expect(Object.keys(response.properties!)).toEqual(e.fields.map((f) => f.name));
      for (const f of e.fields.filter((x) => x.serverOwned)) {
        expect(response.properties![f.name]!.readOnly).toBe(true);
        expect(response.required).toContain(f.name);
      }
      expect(response.properties!.created_at).toMatchObject({ type: 'string', format: 'date-time' });

      for (const which of [names.replace, names.update]) {
        const body = api.schemas[which]!;
        expect(body.additionalProperties).toBe(false);
        expect(Object.keys(body.properties!).sort()).toEqual(e.fields.map((f) => f.name).sort());
      }
      expect(api.schemas[names.replace]!.required ?? []).toEqual(e.fields.filter((f) => !f.serverOwned && f.required).map((f) => f.name));
      expect(api.schemas[names.update]!.required).toBeUndefined();
    }
  });

  it('has the attachment routes exactly for entities with file fields', () => {
    for (const e of ir.entities) {
      const files = e.fields.filter((f) => f.type === 'file');
      const attachments = routes.filter((r) => r.kind === 'files' && r.entity === e.name);
      if (files.length === 0) {
        expect(attachments).toEqual([]);
        continue;
      }
      expect(attachments.map((r) => [key(r), r.level, r.right?.operation])).toEqual([
        [`POST /v1/${e.collection}/{id}/attachments/upload-url`, e.operations.update.level, e.operations.update.level === 'public' ? undefined : 'update'],
        [`GET /v1/${e.collection}/{id}/attachments/{fileKey}/download-url`, e.operations.read.level, e.operations.read.level === 'public' ? undefined : 'read'],
      ]);
      const body = api.schemas[refName(attachments[0]!.request.body)!]!;
      expect(body.required).toEqual(['filename', 'contentType', ...(files.length > 1 ? ['field'] : [])]);
      expect(body.properties!.field!.enum).toEqual(files.map((f) => f.name));
      // The limit is documented, not a schema maximum: over it is a 413, not a 400.
      expect(body.properties!.size!.maximum).toBeUndefined();
      expect(body.properties!.size!.description).toContain(`at most ${Math.max(...files.map((f) => f.file!.maxBytes))}`);
      expect(refName(attachments[0]!.responses['200']!.schema)).toBe('UploadGrant');
      expect(refName(attachments[1]!.responses['200']!.schema)).toBe('DownloadGrant');
    }
  });

  it('has the workflow routes only when the blueprint has workflows', () => {
    const wf = routes.filter((r) => r.kind === 'workflows');
    if (ir.workflows.length === 0) {
      expect(wf).toEqual([]);
      return;
    }
    // A record that triggers a workflow lists its instances to whoever may read it.
    const triggering = ir.entities.filter((e) => ir.workflows.some((w) => !('manual' in w.trigger) && w.trigger.entity === e.name));
    expect(wf.map((r) => [key(r), r.level])).toEqual([
      ...triggering.map((e) => [`GET /v1/${e.collection}/{id}/workflows`, e.operations.read.level]),
      ...ir.workflows.map((w) => [`POST /workflows/${w.name}/start`, 'authenticated']),
      ['POST /workflows/{workflow_id}/signal', 'authenticated'],
      ['GET /admin/workflows', 'admin'],
      ['GET /admin/workflows/{workflow_id}', 'admin'],
      ['POST /admin/workflows/{workflow_id}/cancel', 'admin'],
    ]);
    expect(route(routes, 'workflows.signal').successStatus).toBe(202);
    expect(route(routes, 'workflows.list').request.query!.properties!.status!.enum).toEqual(['running', 'waiting', 'succeeded', 'failed', 'cancelled', 'timed_out']);
  });

  it('gives every route the error schema on every error status, and 401 to every non-public route', () => {
    for (const r of routes) {
      const statuses = Object.keys(r.responses);
      expect(statuses[0]).toBe(String(r.successStatus));
      for (const status of statuses.filter((s) => Number(s) >= 400)) expect(refName(r.responses[status]!.schema)).toBe('Error');
      expect(statuses.includes('401')).toBe(r.level !== 'public' || r.id === 'auth.login' || r.id === 'auth.refresh');
      expect(statuses).toContain('500');
      if (r.request.body) expect(statuses).toEqual(expect.arrayContaining(['400', '413', '415']));
    }
    expect(api.schemas.Error).toMatchObject({ required: ['error', 'code'] });
  });

  it('references only schemas it defines, and defines only schemas it references', () => {
    const refs = new Set<string>();
    const walk = (s: JsonSchema | undefined): void => {
      if (!s) return;
      const name = refName(s);
      if (name) refs.add(name);
      walk(s.items);
      Object.values(s.properties ?? {}).forEach(walk);
    };
    for (const r of routes) {
      [r.request.params, r.request.query, r.request.body].forEach(walk);
      Object.values(r.responses).forEach((x) => walk(x.schema));
    }
    Object.values(api.schemas).forEach(walk);
    expect([...refs].sort()).toEqual(Object.keys(api.schemas).sort());
  });
});

describe('task tracker specifics', () => {
  const ir = taskTracker();
  const api = projectApi(ir);
  const routes = api.routes;

  it('is multi-tenant with Project and Task collections, invitations and attachments', () => {
    expect(routes.map(key)).toEqual(
      expect.arrayContaining([
        'GET /v1/tasks',
        'POST /v1/tasks',
        'GET /v1/tasks/{id}',
        'PUT /v1/tasks/{id}',
        'PATCH /v1/tasks/{id}',
        'DELETE /v1/tasks/{id}',
        'GET /v1/projects',
        'POST /v1/invitations',
        'POST /v1/tasks/{id}/attachments/upload-url',
        'GET /v1/tasks/{id}/attachments/{fileKey}/download-url',
      ]),
    );
    expect(routes.some((r) => r.path.startsWith('/v1/projects/{id}/attachments'))).toBe(false);
  });

  it('has the priority and status enums in the Task schemas and filters', () => {
    const task = api.schemas.Task!;
    expect(task.properties!.priority).toMatchObject({ type: 'string', enum: ['low', 'medium', 'high'], default: 'low' });
    expect(task.properties!.status!.enum).toEqual(['pending', 'active', 'done']);
    expect(api.schemas.TaskCreate!.properties!.priority!.enum).toEqual(['low', 'medium', 'high']);
    expect(route(routes, 'tasks.list').request.query!.properties!.status!.enum).toEqual(['pending', 'active', 'done']);
    // Optional fields may be null, also in enums; fields with a default always have a value.
    expect(task.properties!.due_date).toMatchObject({ type: 'string', format: 'date', nullable: true });
    expect(task.properties!.priority!.nullable).toBeUndefined();
    expect(task.required).toEqual(['id', 'org_id', 'owner_id', 'created_at', 'updated_at', 'title', 'priority', 'status', 'project_id']);
    expect(api.schemas.TaskCreate!.required).toEqual(['title', 'project_id']);
    expect(api.schemas.TaskCreate!.properties!.attachment_key).toBeUndefined();
    expect(api.schemas.TaskUpdate!.properties!.attachment_key).toMatchObject({ type: 'string', nullable: true });
  });

  it('takes each level from the IR: DELETE /v1/tasks/{id} follows operations.delete', () => {
    expect(route(routes, 'tasks.delete').level).toBe(entity(ir, 'Task').operations.delete.level);
    const owned = taskTracker();
    entity(owned, 'Task').operations.delete = { level: 'owner' };
    entity(owned, 'Project').operations.delete = { level: 'admin' };
    const changed = projectRoutes(owned);
    expect(route(changed, 'tasks.delete')).toMatchObject({ level: 'owner', right: { entity: 'Task', operation: 'delete' } });
    expect(route(changed, 'projects.delete')).toMatchObject({ level: 'admin', right: { entity: 'Project', operation: 'delete' } });
    expect(route(changed, 'tasks.list').level).toBe('authenticated');
  });

  it('answers 409 on deleting a record others still reference unless the relation cascades', () => {
    // Task.project_id cascades: deleting a Project is no conflict; a restrict relation is.
    // A 409 is always possible (a concurrent change); only a restrict relation adds references to it.
    expect(route(routes, 'projects.delete').responses['409']!.description).not.toContain('reference');
    const restricted = taskTracker();
    entity(restricted, 'Task').fields.find((f) => f.name === 'project_id')!.ref!.onDelete = 'restrict';
    expect(route(projectRoutes(restricted), 'projects.delete').responses['409']!.description).toContain('Task.project_id');
  });

  it('signup takes orgName or inviteCode when multi-tenant, neither when single-tenant', () => {
    expect(Object.keys(api.schemas.SignupRequest!.properties!)).toEqual(['email', 'password', 'orgName', 'inviteCode']);
    const single = projectApi(byId('02-recipe-blog').ir);
    expect(Object.keys(single.schemas.SignupRequest!.properties!)).toEqual(['email', 'password']);
    expect(single.routes.some((r) => r.path === '/v1/invitations')).toBe(false);
    expect(single.schemas.Invitation).toBeUndefined();
  });

  it('the role bodies name the blueprint roles', () => {
    expect(api.schemas.RoleChange!.properties!.role!.enum).toEqual(['admin', 'member', 'viewer']);
    expect(api.schemas.InvitationRequest!.properties!.role).toMatchObject({ enum: ['admin', 'member', 'viewer'], default: 'viewer' });
  });
});

describe('public levels, names and conflicts', () => {
  it('public routes need no right (recipe blog: anyone may list and read recipes)', () => {
    const routes = projectRoutes(byId('02-recipe-blog').ir);
    expect(route(routes, 'recipes.list')).toMatchObject({ level: 'public' });
    expect(route(routes, 'recipes.list').right).toBeUndefined();
    expect(route(routes, 'recipes.list').responses['401']).toBeUndefined();
    expect(route(routes, 'comments.update')).toMatchObject({ level: 'owner', right: { entity: 'Comment', operation: 'update' } });
  });

  it('kebab-case collections: ExpenseReport -> /v1/expense-reports', () => {
    const routes = projectRoutes(byId('03-expense-approvals').ir);
    expect(route(routes, 'expense-reports.read')).toMatchObject({ path: '/v1/expense-reports/{id}', operationId: 'getExpenseReport' });
    expect(route(routes, 'expense-reports.list').operationId).toBe('listExpenseReports');
  });

  it('keeps schema names unique when an entity is named like a built-in or derived schema', () => {
    const ir = taskTracker();
    const error = structuredClone(entity(ir, 'Project'));
    Object.assign(error, { name: 'Error', collection: 'errors' });
    const list = structuredClone(entity(ir, 'Project'));
    Object.assign(list, { name: 'TaskList', collection: 'task-lists' });
    ir.entities.push(error, list);
    const api = projectApi(ir);
    expect(api.entitySchemas.Error!.entity).toBe('Error');
    expect(api.entitySchemas.TaskList!.entity).toBe('TaskList');
    expect(api.entitySchemas.Task!.list).toBe('TaskList2');
    expect(refName(route(api.routes, 'tasks.read').responses['404']!.schema)).toBe('Error2');
    expect(api.schemas.Error2!.required).toEqual(['error', 'code']);
  });

  it('refuses a blueprint whose routes collide (an entity whose collection is users)', () => {
    const ir = taskTracker();
    Object.assign(entity(ir, 'Project'), { name: 'Member', collection: 'users' });
    expect(() => projectRoutes(ir)).toThrow(/GET \/v1\/users/);
  });
});
