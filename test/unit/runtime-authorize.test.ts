/**
 * The generated API's authorization decision (lambdas/core/project-api/authorize.ts):
 * - the task tracker's role x endpoint x record matrix, hand-written from the CONTRACT in
 *   test/fixtures/authorization/task-tracker-matrix.json, run against the real route manifest
 *   (projectRoutes) of the golden IR and of an own-rights variant of it;
 * - the control: the same matrix with the tenancy or the ownership check switched off must
 *   disagree somewhere, proving the matrix would catch either check going missing;
 * - unit cases: public routes, absent caller, unknown role, own-scope lists, admin of another
 *   organization, single-tenant projects, entity-less routes.
 */
import { ENFORCED_ACCESS } from '../../lambdas/project-runtime/access-policy';
import { brokenAccess, withoutOwnership, withoutTenancy } from '../support/broken-access';

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BlueprintIR, type IrRights } from '../../lambdas/core/blueprint/ir';
import { OPERATIONS, type Operation } from '../../lambdas/core/vocabulary';
import { projectRoutes, type ProjectRoute } from '../../lambdas/core/blueprint/project-routes';
import { validateBlueprint } from '../../lambdas/core/blueprint/validate-blueprint';
import { authorize, type AuthorizeCaller, type AuthorizeDecision, type AuthorizeRecord } from '../../lambdas/core/project-api/authorize';

/** Checks a negative control turns off (test/support/broken-access.ts). */
type Checks = { tenancy?: boolean; ownership?: boolean };

// --- the fixture ------------------------------------------------------------------------------

type CaseName = 'own/same-org' | 'other-user/same-org' | 'own/other-org' | 'other-user/other-org';
type Expected = 200 | 201 | 204 | 403 | 404;
interface NoRecordExpectation {
  status: Expected;
  scope?: 'all' | 'own';
}
type EntityExpectations = {
  list: NoRecordExpectation;
  create: NoRecordExpectation;
} & Record<'read' | 'update' | 'delete', Record<CaseName, Expected>>;
interface MatrixFixture {
  ir: string;
  caller: { userId: string; orgId: string };
  cases: Record<CaseName, AuthorizeRecord>;
  levels: Record<string, Record<Operation, string>>;
  matrices: { name: string; rights: Record<string, Record<string, IrRights>>; expect: Record<string, Record<string, EntityExpectations>> }[];
}

const root = join(__dirname, '..', '..');
const fixture = JSON.parse(readFileSync(join(root, 'test/fixtures/authorization/task-tracker-matrix.json'), 'utf8')) as MatrixFixture;
const golden = BlueprintIR.parse(JSON.parse(readFileSync(join(root, fixture.ir), 'utf8')));

/** The golden IR with a matrix's rights replacing roles' rights on some entities. */
function irOf(rights: MatrixFixture['matrices'][number]['rights']): BlueprintIR {
  const ir = structuredClone(golden);
  for (const [roleName, byEntity] of Object.entries(rights)) {
    const role = ir.roles.find((r) => r.name === roleName);
    if (!role) throw new Error(`fixture names unknown role ${roleName}`);
    Object.assign(role.rights, byEntity);
  }
  return ir;
}

interface Row {
  matrix: string;
  role: string;
  entity: string;
  endpoint: Operation;
  case: CaseName | 'no record';
  expected: Expected;
  scope?: 'all' | 'own';
}

function rowsOf(matrix: MatrixFixture['matrices'][number]): Row[] {
  const rows: Row[] = [];
  for (const [role, byEntity] of Object.entries(matrix.expect)) {
    for (const [entity, e] of Object.entries(byEntity)) {
      for (const endpoint of OPERATIONS) {
        if (endpoint === 'list' || endpoint === 'create') {
          rows.push({ matrix: matrix.name, role, entity, endpoint, case: 'no record', expected: e[endpoint].status, ...(e[endpoint].scope ? { scope: e[endpoint].scope } : {}) });
        } else {
          for (const [c, expected] of Object.entries(e[endpoint])) rows.push({ matrix: matrix.name, role, entity, endpoint, case: c as CaseName, expected });
        }
      }
    }
  }
  return rows;
}

const label = (row: Row) => `${row.matrix}: ${row.role} ${row.entity}.${row.endpoint} (${row.case})`;

/** Every manifest route of the entity whose IR operation is the endpoint (update: PUT, PATCH, upload-url; read: GET, download-url). */
function routesOf(ir: BlueprintIR, entity: string, endpoint: Operation): ProjectRoute[] {
  const routes = projectRoutes(ir).filter((r) => r.entity === entity && r.operation === endpoint);
  if (routes.length === 0) throw new Error(`no route for ${entity}.${endpoint}`);
  return routes;
}

/** What one row gives per route: the status it would answer, and the list scope. */
function outcome(ir: BlueprintIR, row: Row, route: ProjectRoute, checks?: Checks): { status: number; scope?: string } {
  const caller: AuthorizeCaller = { ...fixture.caller, role: row.role };
  const record = row.case === 'no record' ? undefined : fixture.cases[row.case];
  const decision: AuthorizeDecision = brokenAccess(ENFORCED_ACCESS, checks ?? {}).decide({ ir, route, caller, ...(record ? { record } : {}) });
  if (!decision.allow) return { status: decision.status };
  return { status: route.successStatus, ...(row.endpoint === 'list' ? { scope: decision.scope } : {}) };
}

const matrices = fixture.matrices.map((m) => ({ name: m.name, ir: irOf(m.rights), rows: rowsOf(m) }));
const allRows = matrices.flatMap((m) => m.rows.map((row) => ({ ir: m.ir, row })));

/** Rows (per route) whose outcome differs from the fixture under the given checks. */
function disagreements(checks?: Checks, only?: string): string[] {
  const out: string[] = [];
  for (const { ir, row } of allRows) {
    if (only !== undefined && row.matrix !== only) continue;
    for (const route of routesOf(ir, row.entity, row.endpoint)) {
      const got = outcome(ir, row, route, checks);
      if (got.status !== row.expected || (row.scope !== undefined && got.scope !== row.scope)) out.push(`${label(row)} via ${route.id}: got ${got.status}${got.scope ? ` ${got.scope}` : ''}, expected ${row.expected}${row.scope ? ` ${row.scope}` : ''}`);
    }
  }
  return out;
}

// --- the matrix -------------------------------------------------------------------------------

describe('task tracker authorization matrix (hand-written from the contract)', () => {
  it('reads the levels the contract names from the golden IR and its manifest', () => {
    expect(golden.tenancy.mode).toBe('multi');
    expect(golden.adminRole).toBe('admin');
    expect(golden.roles.map((r) => r.name).sort()).toEqual(['admin', 'member', 'viewer']);
    for (const [entity, levels] of Object.entries(fixture.levels)) {
      for (const op of OPERATIONS) {
        expect({ at: `${entity}.${op}`, level: golden.entities.find((e) => e.name === entity)?.operations[op].level }).toEqual({ at: `${entity}.${op}`, level: levels[op] });
        for (const route of routesOf(golden, entity, op)) expect({ at: route.id, level: route.level }).toEqual({ at: route.id, level: levels[op] });
      }
    }
  });

  it('has every role x endpoint x case of both entities in the golden matrix, and valid variants', () => {
    const goldenRows = matrices.find((m) => m.name === 'golden')!.rows;
    // 3 roles x 2 entities x (list + create + 3 item endpoints x 4 record cases)
    expect(goldenRows).toHaveLength(3 * 2 * (2 + 3 * 4));
    expect(allRows).toHaveLength(84 + 3 * 1 * (2 + 3 * 4));
    for (const m of matrices) expect({ matrix: m.name, errors: validateBlueprint(m.ir).errors }).toEqual({ matrix: m.name, errors: [] });
  });

  describe.each(matrices.map((m) => [m.name, m] as const))('%s', (_name, m) => {
    it.each(m.rows.map((row) => [label(row), row] as const))('%s', (_label, row) => {
      for (const route of routesOf(m.ir, row.entity, row.endpoint)) {
        const got = outcome(m.ir, row, route);
        const want = { status: row.expected === 200 || row.expected === 201 || row.expected === 204 ? route.successStatus : row.expected, ...(row.scope ? { scope: row.scope } : {}) };
        // Named so a failure reads "member Task.delete (own/same-org) via tasks.delete".
        expect({ row: `${label(row)} via ${route.id}`, ...got }).toEqual({ row: `${label(row)} via ${route.id}`, ...want });
        if (want.status < 300) expect(route.successStatus).toBe(row.expected);
      }
    });
  });

  it('agrees everywhere with both checks on', () => {
    expect(disagreements()).toEqual([]);
  });
});

describe('control: the matrix catches a missing check', () => {
  it('without the tenancy check, other-organization rows disagree', () => {
    const found = disagreements({ tenancy: false });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((d) => d.includes('other-org'))).toBe(true);
    expect(found).toContain('golden: admin Task.read (other-user/other-org) via tasks.read: got 200, expected 404');
  });

  it('without the ownership check, own-rights rows disagree', () => {
    const found = disagreements({ ownership: false });
    expect(found.length).toBeGreaterThan(0);
    expect(found).toContain('own-rights variant: member Task.update (other-user/same-org) via tasks.update: got 200, expected 403');
    expect(found).toContain('own-rights variant: viewer Task.read (other-user/same-org) via tasks.read: got 200, expected 404');
  });

  it('the golden alone cannot see a missing ownership check (why the own-rights variant exists)', () => {
    // Every golden right is 'all' and the one owner-level route (Task DELETE) is passed only by
    // admins, whom members and viewers lack the delete right to imitate. If the golden changes
    // so that this fails, the golden matrix has become sensitive to ownership on its own.
    expect(disagreements({ ownership: false }, 'golden')).toEqual([]);
    expect(disagreements({ tenancy: false }, 'golden').length).toBeGreaterThan(0);
  });
});

// --- unit cases -------------------------------------------------------------------------------

describe('authorize', () => {
  const ir = golden;
  const route = (id: string): ProjectRoute => {
    const found = projectRoutes(ir).find((r) => r.id === id);
    if (!found) throw new Error(`no route ${id}`);
    return found;
  };
  const caller = (role: string, orgId: string | null = 'org-a', userId = 'u-caller'): AuthorizeCaller => ({ userId, role, orgId });
  const own: AuthorizeRecord = { ownerId: 'u-caller', orgId: 'org-a' };
  const others: AuthorizeRecord = { ownerId: 'u-other', orgId: 'org-a' };
  const foreign: AuthorizeRecord = { ownerId: 'u-other', orgId: 'org-b' };

  describe('public routes', () => {
    const publicIr = structuredClone(golden);
    publicIr.entities.find((e) => e.name === 'Project')!.operations.list.level = 'public';
    publicIr.entities.find((e) => e.name === 'Project')!.operations.read.level = 'public';
    const publicList = projectRoutes(publicIr).find((r) => r.id === 'projects.list')!;

    it('are public in the manifest with no right', () => {
      expect(publicList.level).toBe('public');
      expect(publicList.right).toBeUndefined();
    });
    it('pass without a token', () => {
      expect(authorize({ ir: publicIr, route: publicList, caller: null })).toEqual({ allow: true, scope: 'all' });
      expect(authorize({ ir: publicIr, route: route('auth.login'), caller: null })).toEqual({ allow: true, scope: 'all' });
    });
    it('pass with a token too, whatever its role', () => {
      expect(authorize({ ir: publicIr, route: publicList, caller: caller('viewer') })).toEqual({ allow: true, scope: 'all' });
      expect(authorize({ ir: publicIr, route: publicList, caller: caller('no_such_role') })).toEqual({ allow: true, scope: 'all' });
    });
  });

  describe('absent or expired token (caller null)', () => {
    it.each(['tasks.list', 'tasks.create', 'tasks.read', 'tasks.delete', 'projects.delete', 'users.list', 'auth.me'])('%s -> 401', (id) => {
      const decision = authorize({ ir, route: route(id), caller: null, record: own });
      expect(decision).toMatchObject({ allow: false, status: 401, code: 'UNAUTHORIZED' });
    });
    it('401 comes before tenancy: a foreign record is not even looked at', () => {
      expect(authorize({ ir, route: route('tasks.read'), caller: null, record: foreign })).toMatchObject({ status: 401 });
    });
  });

  describe('tenancy', () => {
    it('an admin of another organization gets 404 on every record route', () => {
      for (const id of ['tasks.read', 'tasks.update', 'tasks.replace', 'tasks.delete', 'tasks.uploadUrl', 'tasks.downloadUrl', 'projects.delete']) {
        expect({ id, ...authorize({ ir, route: route(id), caller: caller('admin', 'org-b'), record: own }) }).toMatchObject({ id, allow: false, status: 404, code: 'NOT_FOUND' });
      }
    });
    it('404 comes before the level and the right (a viewer deleting a foreign task is not told 403)', () => {
      expect(authorize({ ir, route: route('tasks.delete'), caller: caller('viewer'), record: foreign })).toMatchObject({ status: 404 });
      expect(authorize({ ir, route: route('projects.delete'), caller: caller('member'), record: foreign })).toMatchObject({ status: 404 });
    });
    it('404 comes before an unknown role', () => {
      expect(authorize({ ir, route: route('tasks.read'), caller: caller('ghost'), record: foreign })).toMatchObject({ status: 404 });
      expect(authorize({ ir, route: route('tasks.read'), caller: caller('ghost'), record: own })).toMatchObject({ status: 403 });
    });
    it('a token without org_id never matches in a multi-tenant project, nor a record without one', () => {
      expect(authorize({ ir, route: route('tasks.read'), caller: caller('admin', null), record: { ownerId: 'u-caller', orgId: null } })).toMatchObject({ status: 404 });
      expect(authorize({ ir, route: route('tasks.read'), caller: caller('admin'), record: { ownerId: 'u-caller', orgId: null } })).toMatchObject({ status: 404 });
    });
    it('is not compared in a single-tenant project', () => {
      const single = structuredClone(golden);
      single.tenancy = { mode: 'single', tenantEntity: null, claim: null };
      for (const e of single.entities) e.tenantScoped = false;
      const read = projectRoutes(single).find((r) => r.id === 'tasks.read')!;
      expect(authorize({ ir: single, route: read, caller: caller('member', null), record: { ownerId: 'u-other', orgId: null } })).toEqual({ allow: true, scope: 'all' });
    });
    it('a policy without the organization check (the negative control) lets it through', () => {
      expect(withoutTenancy(ENFORCED_ACCESS).decide({ ir, route: route('tasks.read'), caller: caller('admin'), record: foreign })).toEqual({ allow: true, scope: 'all' });
    });
  });

  describe('levels and rights', () => {
    it('admin passes the owner and admin levels in its organization', () => {
      expect(authorize({ ir, route: route('tasks.delete'), caller: caller('admin'), record: others })).toEqual({ allow: true, scope: 'all' });
      expect(authorize({ ir, route: route('projects.delete'), caller: caller('admin'), record: others })).toEqual({ allow: true, scope: 'all' });
      expect(authorize({ ir, route: route('users.list'), caller: caller('admin') })).toEqual({ allow: true, scope: 'all' });
    });
    it('admin-level routes without a right refuse every other role with 403', () => {
      for (const id of ['users.list', 'users.setRole', 'invitations.create']) {
        expect({ id, ...authorize({ ir, route: route(id), caller: caller('member') }) }).toMatchObject({ id, allow: false, status: 403, code: 'FORBIDDEN' });
      }
    });
    it('authenticated routes without a right pass any known role', () => {
      expect(authorize({ ir, route: route('auth.me'), caller: caller('viewer') })).toEqual({ allow: true, scope: 'all' });
    });
    it('an unknown role is refused (fail closed)', () => {
      expect(authorize({ ir, route: route('tasks.list'), caller: caller('ghost') })).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    });
    it('a member passes the owner level of its own task, then lacks the delete right', () => {
      const d = authorize({ ir, route: route('tasks.delete'), caller: caller('member'), record: own });
      expect(d).toMatchObject({ status: 403 });
      expect(!d.allow && d.reason).toMatch(/no delete right on Task/);
      const other = authorize({ ir, route: route('tasks.delete'), caller: caller('member'), record: others });
      expect(!other.allow && other.reason).toMatch(/owner/);
    });
    it('a null owner is nobody\'s', () => {
      const ownIr = structuredClone(golden);
      ownIr.roles.find((r) => r.name === 'member')!.rights.Task = { read: 'all', update: 'own' };
      const update = projectRoutes(ownIr).find((r) => r.id === 'tasks.update')!;
      expect(authorize({ ir: ownIr, route: update, caller: caller('member'), record: { ownerId: null, orgId: 'org-a' } })).toMatchObject({ status: 403 });
    });
    it('an unknown entity in the route is a server bug (throws)', () => {
      expect(() => authorize({ ir, route: { level: 'authenticated', right: { entity: 'Nope', operation: 'read' } }, caller: caller('member') })).toThrow(/Nope/);
    });
  });

  describe('own-scope lists', () => {
    const ownIr = structuredClone(golden);
    ownIr.roles.find((r) => r.name === 'viewer')!.rights.Task = { read: 'own' };
    const list = projectRoutes(ownIr).find((r) => r.id === 'tasks.list')!;

    it('an own read right lists only own records', () => {
      expect(authorize({ ir: ownIr, route: list, caller: caller('viewer') })).toEqual({ allow: true, scope: 'own' });
    });
    it('an all read right and the admin list everything', () => {
      expect(authorize({ ir: ownIr, route: list, caller: caller('member') })).toEqual({ allow: true, scope: 'all' });
      expect(authorize({ ir: ownIr, route: list, caller: caller('admin') })).toEqual({ allow: true, scope: 'all' });
    });
    it('an owner-level list lists only own records (and hides others\' records on item routes)', () => {
      const ownerIr = structuredClone(golden);
      const task = ownerIr.entities.find((e) => e.name === 'Task')!;
      task.operations.list.level = 'owner';
      task.operations.read.level = 'owner';
      const routes = projectRoutes(ownerIr);
      const ownerList = routes.find((r) => r.id === 'tasks.list')!;
      const ownerRead = routes.find((r) => r.id === 'tasks.read')!;
      expect(authorize({ ir: ownerIr, route: ownerList, caller: caller('member') })).toEqual({ allow: true, scope: 'own' });
      expect(authorize({ ir: ownerIr, route: ownerList, caller: caller('admin') })).toEqual({ allow: true, scope: 'all' });
      expect(authorize({ ir: ownerIr, route: ownerRead, caller: caller('member'), record: others })).toMatchObject({ status: 404 });
      expect(authorize({ ir: ownerIr, route: ownerRead, caller: caller('member'), record: own })).toEqual({ allow: true, scope: 'all' });
    });
    it('a policy without the owner check (the negative control) makes every record the caller\'s', () => {
      const read = projectRoutes(ownIr).find((r) => r.id === 'tasks.read')!;
      expect(authorize({ ir: ownIr, route: read, caller: caller('viewer'), record: others })).toMatchObject({ status: 404 });
      expect(withoutOwnership(ENFORCED_ACCESS).decide({ ir: ownIr, route: read, caller: caller('viewer'), record: others })).toEqual({ allow: true, scope: 'all' });
    });
  });
});
