/**
 * The task tracker's authorization matrix over HTTP: each role x each entity endpoint x
 * own/other record x own/other organization -> the status, as written BY HAND in
 * test/fixtures/authorization/task-tracker-matrix.json (never computed by the policy code).
 * It runs against real deployments (tokens, the runtime, the store's keys and conditions), and
 * must FAIL when the organization check or the owner check is removed
 * (a broken AccessPolicy given to the composition root, test/support/broken-access.ts), proving it would notice either going missing.
 *
 * The fixture's `own/other-org` case (a record the caller owns in another organization) cannot
 * be made through the API: a user belongs to one organization, and its records are keyed by it.
 * It stays covered by the unit matrix (test/unit/runtime-authorize.test.ts); here the
 * other-organization column is `other-user/other-org`.
 *
 * Each role's caller first joins as admin and creates its own records (so "own" records exist
 * for roles that may not create), then an admin gives it the role and it refreshes its token.
 * `update` runs PATCH, PUT and upload-url; `read` runs GET and download-url (files entities).
 */
import { ENFORCED_ACCESS, type AccessPolicy } from '../../lambdas/project-runtime/access-policy';
import { brokenAccess } from '../support/broken-access';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BlueprintIR, IrRights } from '../../lambdas/core/blueprint/ir';
import { fileFields } from '../../lambdas/core/blueprint/project-routes';
import { goldenIr } from '../support/golden-ir';
import { startTestService, type TestService } from '../support/local-service';
import { clientFor, invite, joinProject, login, type ProjectUser } from '../support/project-api';

type CaseName = 'own/same-org' | 'other-user/same-org' | 'own/other-org' | 'other-user/other-org';
interface EntityExpect {
  list: { status: number; scope?: 'all' | 'own' };
  create: { status: number };
  read: Record<CaseName, number>;
  update: Record<CaseName, number>;
  delete: Record<CaseName, number>;
}
interface Matrix {
  name: string;
  rights: Record<string, Record<string, IrRights>>;
  expect: Record<string, Record<string, EntityExpect>>;
}
const fixture = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'authorization', 'task-tracker-matrix.json'), 'utf8')) as { matrices: Matrix[] };
const HTTP_CASES: CaseName[] = ['own/same-org', 'other-user/same-org', 'other-user/other-org'];

function irOf(matrix: Matrix): BlueprintIR {
  const ir = structuredClone(goldenIr('01-task-tracker'));
  for (const [roleName, byEntity] of Object.entries(matrix.rights)) Object.assign(ir.roles.find((r) => r.name === roleName)!.rights, byEntity);
  return ir;
}

let service: TestService;
/** Projects deployed with a broken access policy (negative controls), handed in through the composition root. */
const brokenPolicies = new Map<string, AccessPolicy>();
beforeAll(async () => {
  service = await startTestService({ projectSetup: (projectId) => (brokenPolicies.has(projectId) ? { access: brokenPolicies.get(projectId)! } : {}) });
});
afterAll(() => service.stop());

const PDF = Buffer.from('%PDF-1.4 matrix');

/** Runs one matrix against a fresh deployment; returns the rows whose status differs from the fixture. */
async function runMatrix(matrix: Matrix, checks?: { tenancy?: boolean; ownership?: boolean }): Promise<{ mismatches: string[]; checked: number }> {
  const ir = irOf(matrix);
  const projectId = `m${Math.random().toString(36).slice(2, 10)}`;
  if (checks) brokenPolicies.set(projectId, brokenAccess(ENFORCED_ACCESS, checks));
  const deployed = await service.projects.deploy({ projectId, deploymentId: 'd1', blueprintId: 'b1', ir: { ...ir, project: { ...ir.project, id: projectId } }, allowDataLoss: false, log: async () => undefined });
  const api = clientFor(service, projectId, `${service.url}${deployed.apiBaseUrl}`);
  const founderA = await joinProject(service, api, { orgName: 'Org A' });
  const founderB = await joinProject(service, api, { orgName: 'Org B' });
  const projectOf = async (user: ProjectUser) => (await api.request('POST', '/v1/projects', { token: user.accessToken, body: { name: 'Host project' } })).body.id as string;
  const hostA = await projectOf(founderA);
  const hostB = await projectOf(founderB);

  const entities = ir.entities.map((e) => e.name);
  const bodyFor = (entity: string, user: ProjectUser, host: string) => (entity === 'Task' ? { title: `by ${user.email}`, project_id: host } : { name: `by ${user.email}` });
  const collection = (entity: string) => ir.entities.find((e) => e.name === entity)!.collection;
  const hasFiles = (entity: string) => fileFields(ir.entities.find((e) => e.name === entity)!).length > 0;

  /** A record made by `user`, with a file attached where the entity has file fields. */
  async function recordOf(entity: string, user: ProjectUser, host: string): Promise<{ id: string; fileKey?: string }> {
    const created = await api.request('POST', `/v1/${collection(entity)}`, { token: user.accessToken, body: bodyFor(entity, user, host) });
    if (created.status !== 201) throw new Error(`setup: create ${entity} -> ${created.status} ${created.text}`);
    if (!hasFiles(entity)) return { id: created.body.id };
    const grant = await api.request('POST', `/v1/${collection(entity)}/${created.body.id}/attachments/upload-url`, { token: user.accessToken, body: { filename: 'a.pdf', contentType: 'application/pdf' } });
    const put = await fetch(grant.body.uploadUrl, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: PDF });
    if (!put.ok) throw new Error(`setup: upload -> ${put.status} ${await put.text()}`);
    const attached = await api.request('PATCH', `/v1/${collection(entity)}/${created.body.id}`, { token: user.accessToken, body: { attachment_key: grant.body.fileKey } });
    if (attached.status !== 200) throw new Error(`setup: attach -> ${attached.status} ${attached.text}`);
    return { id: created.body.id, fileKey: grant.body.fileKey };
  }

  const mismatches: string[] = [];
  let checked = 0;
  for (const [role, byEntity] of Object.entries(matrix.expect)) {
    // The caller joins org A as admin, makes its own records, then gets its role.
    let caller = await invite(service, api, founderA, ir.adminRole);
    const records: Record<string, Record<string, { id: string; fileKey?: string }>> = {};
    for (const entity of entities) {
      records[entity] = {
        'own/same-org:read': await recordOf(entity, caller, hostA),
        'own/same-org:delete': await recordOf(entity, caller, hostA),
        'other-user/same-org:read': await recordOf(entity, founderA, hostA),
        'other-user/same-org:delete': await recordOf(entity, founderA, hostA),
        'other-user/other-org:read': await recordOf(entity, founderB, hostB),
        'other-user/other-org:delete': await recordOf(entity, founderB, hostB),
      };
    }
    if (role !== ir.adminRole) {
      const changed = await api.request('PUT', `/v1/users/${caller.userId}/role`, { token: founderA.accessToken, body: { role } });
      if (changed.status !== 200) throw new Error(`setup: role change -> ${changed.status} ${changed.text}`);
      // A role change revokes the member's refresh tokens: the new role comes with a new sign-in.
      caller = await login(api, { email: caller.email, password: caller.password }, caller.userId);
    }
    const token = caller.accessToken;
    const check = (label: string, expected: number, actual: number) => {
      checked += 1;
      if (expected !== actual) mismatches.push(`${matrix.name}: ${role} ${label}: expected ${expected}, got ${actual}`);
    };

    for (const [entity, e] of Object.entries(byEntity)) {
      const base = `/v1/${collection(entity)}`;
      const list = await api.request('GET', `${base}?limit=100`, { token });
      check(`${entity}.list`, e.list.status, list.status);
      if (list.status === 200 && e.list.scope) {
        const ids = new Set((list.body.items as { id: string }[]).map((r) => r.id));
        const showsOthers = ids.has(records[entity]!['other-user/same-org:read']!.id);
        if (ids.has(records[entity]!['other-user/other-org:read']!.id)) mismatches.push(`${matrix.name}: ${role} ${entity}.list shows another organization's record`);
        if ((e.list.scope === 'all') !== showsOthers) mismatches.push(`${matrix.name}: ${role} ${entity}.list scope: expected ${e.list.scope}, other users' records ${showsOthers ? 'shown' : 'hidden'}`);
      }
      check(`${entity}.create`, e.create.status, (await api.request('POST', base, { token, body: bodyFor(entity, caller, hostA) })).status);

      for (const c of HTTP_CASES) {
        const readTarget = records[entity]![`${c}:read`]!;
        check(`${entity}.read GET (${c})`, e.read[c], (await api.request('GET', `${base}/${readTarget.id}`, { token })).status);
        if (readTarget.fileKey) {
          check(`${entity}.read download-url (${c})`, e.read[c], (await api.request('GET', `${base}/${readTarget.id}/attachments/${readTarget.fileKey}/download-url`, { token })).status);
        }
        const patch = await api.request('PATCH', `${base}/${readTarget.id}`, { token, body: entity === 'Task' ? { description: `patched by ${role}` } : { name: `patched by ${role}` } });
        check(`${entity}.update PATCH (${c})`, e.update[c], patch.status);
        // PUT needs the current values: read them with an admin of the record's organization.
        const owner = c === 'other-user/other-org' ? founderB : founderA;
        const current = (await api.request('GET', `${base}/${readTarget.id}`, { token: owner.accessToken })).body as Record<string, unknown>;
        check(`${entity}.update PUT (${c})`, e.update[c], (await api.request('PUT', `${base}/${readTarget.id}`, { token, body: current })).status);
        if (hasFiles(entity)) {
          const upload = await api.request('POST', `${base}/${readTarget.id}/attachments/upload-url`, { token, body: { filename: 'b.pdf', contentType: 'application/pdf' } });
          check(`${entity}.update upload-url (${c})`, e.update[c], upload.status);
        }
        check(`${entity}.delete (${c})`, e.delete[c], (await api.request('DELETE', `${base}/${records[entity]![`${c}:delete`]!.id}`, { token })).status);
      }
    }
  }
  return { mismatches, checked };
}

describe.each(fixture.matrices.map((m) => [m.name, m] as const))('matrix "%s"', (_name, matrix) => {
  it('every row has the hand-written status', async () => {
    const { mismatches, checked } = await runMatrix(matrix);
    expect(mismatches).toEqual([]);
    // Per role and entity: list, create, and per case GET, PATCH, PUT, DELETE (+ download-url and upload-url on Task).
    const rows = Object.values(matrix.expect).flatMap((byEntity) => Object.keys(byEntity)).reduce((n, entity) => n + 2 + HTTP_CASES.length * (entity === 'Task' ? 6 : 4), 0);
    expect(checked).toBe(rows);
  });
});

describe('the matrix notices a missing check', () => {
  it('fails without the organization check', async () => {
    const mismatches = (await Promise.all(fixture.matrices.map((m) => runMatrix(m, { tenancy: false })))).flatMap((r) => r.mismatches);
    expect(mismatches.length).toBeGreaterThan(0);
    expect(mismatches.some((m) => m.includes('other-org'))).toBe(true);
  });

  it('fails without the owner check', async () => {
    const mismatches = (await Promise.all(fixture.matrices.map((m) => runMatrix(m, { ownership: false })))).flatMap((r) => r.mismatches);
    expect(mismatches.length).toBeGreaterThan(0);
    expect(mismatches.some((m) => m.includes('other-user/same-org'))).toBe(true);
  });
});
