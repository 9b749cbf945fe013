/**
 * Attaching a file key while another request attaches the same key (file-actions.ts): the key's
 * grant is claimed before anything else is looked at, so of two requests one goes on and the
 * other answers 409 CONFLICT, whichever step the first one has reached (its claim, its copy, its
 * record write, the deletion of the staging object). A key attached before and detached since
 * answers 400. The ports are small in-memory stand-ins: what is tested is the order of the steps.
 */
import type { IrEntity } from '../../lambdas/core/blueprint/ir';
import { ConflictError, ValidationError } from '../../lambdas/core/errors';
import { stagingKeyOf } from '../../lambdas/core/project-api/file-keys';
import type { FileGrant } from '../../lambdas/ports/file-grant-store';
import type { StoredRecord } from '../../lambdas/ports/record-store';
import type { ActionInput } from '../../lambdas/project-runtime/action-input';
import type { RecordAccess } from '../../lambdas/project-runtime/actions/access';
import { attachFiles } from '../../lambdas/project-runtime/actions/file-actions';

const entity = {
  name: 'Task',
  collection: 'tasks',
  fields: [{ name: 'attachment_key', type: 'file', required: false, file: { contentTypes: ['application/pdf'], maxBytes: 1000 } }],
} as unknown as IrEntity;
const ORG = 'org1';
const KEY = 'k1';
const CREATED = '2026-01-01T00:00:00.000Z';
const LATER = new Date('2026-01-01T00:00:05.000Z');

/** One record, one grant and one object store, shared by the requests of a test. */
function world(record: StoredRecord, grant: FileGrant) {
  const objects = new Map<string, { contentType: string; size: number }>([[stagingKeyOf(ORG, entity, record.id, KEY), { contentType: 'application/pdf', size: 10 }]]);
  const state = { record, grant: { ...grant } };
  const services = {
    files: {
      head: async (key: string) => objects.get(key) ?? null,
      copy: async (from: string, to: string) => {
        const object = objects.get(from);
        if (object) objects.set(to, object);
        return object !== undefined;
      },
      delete: async (key: string) => void objects.delete(key),
    },
    grants: {
      get: async () => ({ ...state.grant }),
      claim: async (_org: string, _grant: FileGrant, at: Date) => {
        if (state.grant.attachedAt !== undefined) return false;
        state.grant.attachedAt = at.toISOString();
        return true;
      },
      release: async (_org: string, _ref: unknown, at: Date) => {
        if (state.grant.attachedAt === at.toISOString()) delete state.grant.attachedAt;
      },
    },
    records: { get: async () => state.record },
    logger: { warn: () => undefined },
  };
  const input = (now: Date) => ({ services, now }) as unknown as ActionInput;
  const access = (read: StoredRecord) => ({ entity, scope: { orgId: ORG }, record: read, guard: {} }) as unknown as RecordAccess;
  return { state, objects, input, access };
}

const task = (values: Partial<StoredRecord> = {}): StoredRecord => ({ id: 't1', owner_id: 'u1', created_at: CREATED, updated_at: CREATED, ...values }) as StoredRecord;
const grant: FileGrant = { fileKey: KEY, entity: 'Task', recordId: 't1', field: 'attachment_key', contentType: 'application/pdf', filename: 'a.pdf', createdAt: CREATED, expiresAt: '2026-01-02T00:00:00.000Z' };

describe('attaching one key from two requests at once', () => {
  it('while the first is at work (claimed, not yet written): the second answers 409', async () => {
    const w = world(task(), grant);
    const read = task();
    const first = await attachFiles(w.input(LATER), w.access(read), { attachment_key: KEY });
    // The second read the record before the first wrote it.
    await expect(attachFiles(w.input(LATER), w.access(read), { attachment_key: KEY })).rejects.toBeInstanceOf(ConflictError);
    await first.commit();
  });

  it('after the first has written the record and dropped the staging object: 409, not a 400 for a missing upload', async () => {
    const w = world(task(), grant);
    const read = task();
    const first = await attachFiles(w.input(LATER), w.access(read), { attachment_key: KEY });
    w.state.record = task({ attachment_key: KEY, updated_at: LATER.toISOString() });
    await first.commit();
    expect(w.objects.has(stagingKeyOf(ORG, entity, 't1', KEY))).toBe(false);
    await expect(attachFiles(w.input(LATER), w.access(read), { attachment_key: KEY })).rejects.toBeInstanceOf(ConflictError);
  });

  it('a key attached before and detached since answers 400 VALIDATION_ERROR (a key attaches once)', async () => {
    const w = world(task(), grant);
    const first = await attachFiles(w.input(LATER), w.access(task()), { attachment_key: KEY });
    await first.commit();
    // Detached by a later write: the record read now is newer than the claim.
    const detached = task({ updated_at: new Date(LATER.getTime() + 1000).toISOString() });
    w.state.record = detached;
    const again = attachFiles(w.input(new Date(LATER.getTime() + 2000)), w.access(detached), { attachment_key: KEY });
    await expect(again).rejects.toBeInstanceOf(ValidationError);
    await expect(again).rejects.toMatchObject({ message: expect.stringContaining('attached before') });
  });

  it('a claim given back (the upload was missing) leaves the key attachable', async () => {
    const w = world(task(), grant);
    w.objects.clear();
    await expect(attachFiles(w.input(LATER), w.access(task()), { attachment_key: KEY })).rejects.toMatchObject({ message: expect.stringContaining('no uploaded file yet') });
    expect(w.state.grant.attachedAt).toBeUndefined();
  });
});
