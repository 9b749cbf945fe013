/**
 * The file limits of a deployed project cannot be bypassed (issue 21, item 4; CONTRACT "Files"),
 * over HTTP with the task tracker (attachment_key: PDF or images, at most 10 MB): uploads land
 * under a staging key that nothing downloads; attaching checks type and size and moves the
 * object to its final key, which no upload URL can write; uploads never attached are deleted
 * by the local sweeper once their grant has expired (the clock is injected and moved).
 */
import { ManualClock } from '../../lambdas/core/clock';
import { finalKeyOf, stagingKeyOf, stagingMaxAgeSeconds } from '../../lambdas/core/project-api/file-keys';
import { goldenIr } from '../support/golden-ir';
import { startTestService, type TestService } from '../support/local-service';
import { deployIr, joinProject, type ProjectApiClient, type ProjectUser } from '../support/project-api';

const ir = goldenIr('01-task-tracker');
const TASKS = { collection: 'tasks' };
const LIMIT = ir.files.find((f) => f.entity === 'Task')!.maxBytes;
const PDF = Buffer.from('%PDF-1.4 the attached report');

const clock = new ManualClock();
let service: TestService;
let api: ProjectApiClient;
let user: ProjectUser;
let orgId: string;
let projectId: string;

beforeAll(async () => {
  // A short sweep interval: the sweeper runs in the background as it does in `bgs-local`.
  service = await startTestService({ clock, stagingSweepIntervalMs: 100 });
  api = await deployIr(service, ir);
  user = await joinProject(service, api, { orgName: 'Files Inc' });
  orgId = (await api.request('GET', '/auth/me', { token: user.accessToken })).body.org_id;
  projectId = (await api.request('POST', '/v1/projects', { token: user.accessToken, body: { name: 'Files' } })).body.id;
});
afterAll(() => service?.stop());

const storage = () => service.projects.fileStorageOf(api.projectId)!;
const staging = (taskId: string, fileKey: string) => stagingKeyOf(orgId, TASKS, taskId, fileKey);
const final = (taskId: string, fileKey: string) => finalKeyOf(orgId, TASKS, taskId, fileKey);

async function newTask(): Promise<string> {
  const res = await api.request('POST', '/v1/tasks', { token: user.accessToken, body: { title: 'With a file', project_id: projectId } });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function grant(taskId: string, body: Record<string, unknown> = {}): Promise<{ uploadUrl: string; fileKey: string }> {
  const res = await api.request('POST', `/v1/tasks/${taskId}/attachments/upload-url`, { token: user.accessToken, body: { filename: 'report.pdf', contentType: 'application/pdf', ...body } });
  expect(res.status).toBe(200);
  return res.body;
}

async function put(uploadUrl: string, bytes: Buffer): Promise<number> {
  return (await fetch(uploadUrl, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: bytes })).status;
}

const attach = (taskId: string, fileKey: string | null, extra: Record<string, unknown> = {}) =>
  api.request('PATCH', `/v1/tasks/${taskId}`, { token: user.accessToken, body: { attachment_key: fileKey, ...extra } });

const downloadUrl = (taskId: string, fileKey: string) => api.request('GET', `/v1/tasks/${taskId}/attachments/${fileKey}/download-url`, { token: user.accessToken });

async function downloaded(taskId: string, fileKey: string): Promise<Buffer> {
  const d = await downloadUrl(taskId, fileKey);
  expect(d.status).toBe(200);
  const got = await fetch(d.body.downloadUrl);
  expect(got.status).toBe(200);
  return Buffer.from(await got.arrayBuffer());
}

describe('a grant without a size', () => {
  it('stores nothing past the limit: the upload is never downloadable, refused at attach (413) and deleted', async () => {
    const taskId = await newTask();
    const g = await grant(taskId);
    // The URL takes any length (no size was declared), so the bytes are stored, but nothing
    // serves them: no download URL before an attach,
    expect(await put(g.uploadUrl, Buffer.alloc(LIMIT + 1, 7))).toBe(200);
    expect((await downloadUrl(taskId, g.fileKey)).status).toBe(404);
    expect(await storage().head(staging(taskId, g.fileKey))).toEqual({ contentType: 'application/pdf', size: LIMIT + 1 });
    // and the attach refuses them and deletes them.
    const refused = await attach(taskId, g.fileKey);
    expect([refused.status, refused.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(await storage().head(staging(taskId, g.fileKey))).toBeNull();
    expect(await storage().head(final(taskId, g.fileKey))).toBeNull();
    expect((await api.request('GET', `/v1/tasks/${taskId}`, { token: user.accessToken })).body.attachment_key).toBeUndefined();
    expect((await downloadUrl(taskId, g.fileKey)).status).toBe(404);
  });
});

describe('download grants', () => {
  it('sign only a key attached to the record: a granted and uploaded but never attached key answers 404', async () => {
    const taskId = await newTask();
    const g = await grant(taskId, { size: PDF.length });
    expect(await put(g.uploadUrl, PDF)).toBe(200);
    const res = await downloadUrl(taskId, g.fileKey);
    expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
    // Attached, the same key downloads.
    expect((await attach(taskId, g.fileKey)).status).toBe(200);
    expect(await downloaded(taskId, g.fileKey)).toEqual(PDF);
  });
});

describe('an attached file', () => {
  it('cannot be replaced by a second PUT to its upload URL (with or without a declared size)', async () => {
    for (const declared of [{ size: PDF.length }, {}]) {
      const taskId = await newTask();
      const g = await grant(taskId, declared);
      expect(await put(g.uploadUrl, PDF)).toBe(200);
      expect((await attach(taskId, g.fileKey)).status).toBe(200);
      // The attach moved the object: nothing is left where the upload URL writes.
      expect(await storage().head(staging(taskId, g.fileKey))).toBeNull();
      const other = Buffer.from('%PDF-1.4 swapped content!!!!');
      expect(other.length).toBe(PDF.length);
      // The URL is still valid, but it writes the staging key only,
      expect(await put(g.uploadUrl, other)).toBe(200);
      // and it cannot be turned into a copy of another object (S3 refuses unsigned x-amz-* headers).
      const copy = await fetch(g.uploadUrl, { method: 'PUT', headers: { 'content-type': 'application/pdf', 'x-amz-copy-source': `bgs-${api.projectId.toLowerCase()}/${final(taskId, g.fileKey)}` }, body: other });
      expect(copy.status).toBe(403);
      expect(await downloaded(taskId, g.fileKey)).toEqual(PDF);
      // Attaching the same key again (also after clearing the field) cannot bring the new bytes in.
      expect((await attach(taskId, g.fileKey)).status).toBe(200);
      expect(await downloaded(taskId, g.fileKey)).toEqual(PDF);
      expect((await attach(taskId, null)).status).toBe(200);
      const again = await attach(taskId, g.fileKey);
      expect([again.status, again.body.code, again.body.details?.[0]?.path]).toEqual([400, 'VALIDATION_ERROR', 'body.attachment_key']);
      expect(await storage().head(final(taskId, g.fileKey))).toBeNull();
    }
  });

  it('a failed record write deletes the moved copy and leaves the key attachable', async () => {
    const taskId = await newTask();
    const g = await grant(taskId, { size: PDF.length });
    expect(await put(g.uploadUrl, PDF)).toBe(200);
    // The reference is checked in the record's write, after the file was moved: the write fails.
    const failed = await attach(taskId, g.fileKey, { project_id: 'no-such-project' });
    expect([failed.status, failed.body.details?.[0]?.path]).toEqual([400, 'body.project_id']);
    expect(await storage().head(final(taskId, g.fileKey))).toBeNull();
    expect(await storage().head(staging(taskId, g.fileKey))).toEqual({ contentType: 'application/pdf', size: PDF.length });
    expect((await attach(taskId, g.fileKey)).status).toBe(200);
    expect(await downloaded(taskId, g.fileKey)).toEqual(PDF);
  });

  it('attaches once when the same key is attached by several requests at once: the others answer 409', async () => {
    // Several rounds: a request may come to the key before, during or after another's attach
    // (its claim, its copy, its record write, the staging object's deletion), and in each case it
    // answers 200 or 409 CONFLICT, never a 400 for an upload another request has just moved.
    for (let round = 0; round < 4; round++) {
      const taskId = await newTask();
      // (The service's clock stands still here: a step on, as between a record's write and later requests.)
      clock.advance(1000);
      const g = await grant(taskId, { size: PDF.length });
      expect(await put(g.uploadUrl, PDF)).toBe(200);
      const answers = await Promise.all(Array.from({ length: 8 }, () => attach(taskId, g.fileKey)));
      expect(answers.map((a) => a.status)).toContain(200);
      expect(answers.filter((a) => a.status !== 200 && !(a.status === 409 && a.body.code === 'CONFLICT')).map((a) => [a.status, a.body])).toEqual([]);
      expect((await api.request('GET', `/v1/tasks/${taskId}`, { token: user.accessToken })).body.attachment_key).toBe(g.fileKey);
      expect(await downloaded(taskId, g.fileKey)).toEqual(PDF);
    }
  });
});

describe('uploads never attached', () => {
  // Last in this file: it moves the service's clock past every grant's lifetime.
  it('are deleted by the sweeper once their grant has expired; attached files stay', async () => {
    const taskId = await newTask();
    const kept = await grant(taskId, { size: PDF.length });
    expect(await put(kept.uploadUrl, PDF)).toBe(200);
    expect((await attach(taskId, kept.fileKey)).status).toBe(200);
    const abandoned = await grant(taskId);
    expect(await put(abandoned.uploadUrl, PDF)).toBe(200);

    // Within the grant's lifetime a sweep leaves the upload alone.
    await service.projects.sweepStagingUploads();
    expect(await storage().head(staging(taskId, abandoned.fileKey))).not.toBeNull();

    clock.advance((stagingMaxAgeSeconds(ir.limits) + 60) * 1000);
    // The background sweeper (every 100 ms) finds it past its grant's end.
    const deadline = Date.now() + 10_000;
    while ((await storage().head(staging(taskId, abandoned.fileKey))) !== null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await storage().head(staging(taskId, abandoned.fileKey))).toBeNull();
    expect(await storage().head(final(taskId, kept.fileKey))).toEqual({ contentType: 'application/pdf', size: PDF.length });
  });
});
