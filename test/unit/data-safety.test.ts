/**
 * The data plan of a deploy (lambdas/core/deploy/data-safety.ts): which changes between the
 * deployed blueprint and the next lose stored records, why, and which the deploy makes safe.
 * Blueprints are built from canonical specs, as a project's are.
 */
import { buildBlueprintFromMarkdown } from '../../lambdas/core/blueprint/build-blueprint';
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import { dataQuestions, planDataChanges, safeSteps, type DataFacts } from '../../lambdas/core/deploy/data-safety';
import { combinePreview, refuseDataLoss } from '../../lambdas/core/deploy/deploy-preview';
import { DataLossError } from '../../lambdas/core/errors';
import { notesSpec } from '../support/notes-spec';

function ir(markdown: string): BlueprintIR {
  const built = buildBlueprintFromMarkdown(markdown, { projectId: 'p1', specVersion: 1 });
  if (!built.ok) throw new Error(JSON.stringify(built.errors));
  return built.ir;
}

const BASE_ROWS = '| title | string | yes | | | |\n| body | text | no | | | |';
const base = ir(notesSpec({ noteRows: BASE_ROWS }));

const facts = (records: number, filled: Record<string, number> = {}, duplicates: Record<string, number> = {}): DataFacts => ({ Note: { records, filled, duplicates } });

describe('planDataChanges', () => {
  it('finds nothing to say before a first deploy, or when nothing is stored', () => {
    const next = ir(notesSpec({ noteRows: `${BASE_ROWS}\n| code | string | yes | | | unique |` }));
    expect(planDataChanges(null, next, {})).toEqual([]);
    expect(dataQuestions(null, next)).toEqual({ entities: [] });
    expect(planDataChanges(base, next, facts(0))).toEqual([]);
  });

  it('a new required field without a default loses data when records exist', () => {
    const next = ir(notesSpec({ noteRows: `${BASE_ROWS}\n| code | string | yes | | | |` }));
    const [change] = planDataChanges(base, next, facts(3));
    expect(change).toEqual({ subject: 'Note.code', destructive: true, reason: 'Note.code is new and required without a default: the 3 records stored have no value for it' });
  });

  it('a new field with a default is back-filled, and its index rebuilt, without loss', () => {
    const next = ir(notesSpec({ noteRows: `${BASE_ROWS}\n| priority | enum | no | medium | low, medium, high | |` }));
    const changes = planDataChanges(base, next, facts(2));
    expect(changes.every((c) => !c.destructive)).toBe(true);
    expect(safeSteps(changes)).toEqual([
      { kind: 'reindex', entity: 'Note' },
      { kind: 'backfill', entity: 'Note', field: 'priority', value: 'medium' },
    ]);
  });

  it('a new unique rule is safe without shared values (claims are written) and destructive with them', () => {
    const next = ir(notesSpec({ noteRows: '| title | string | yes | | | unique |\n| body | text | no | | | |' }));
    expect(dataQuestions(base, next).entities).toEqual([{ entity: 'Note', filledFields: ['title'], duplicateFields: ['title'] }]);
    const safe = planDataChanges(base, next, facts(4, { title: 4 }, { title: 0 }));
    expect(safe.map((c) => [c.subject, c.destructive, c.step?.kind])).toEqual(expect.arrayContaining([['Note.title', false, 'claim-unique']]));
    const lost = planDataChanges(base, next, facts(4, { title: 4 }, { title: 1 })).filter((c) => c.destructive);
    // Allowed anyway, the claims are written for the oldest holders.
    expect(lost).toEqual([
      { subject: 'Note.title', destructive: true, reason: 'Note.title becomes unique while 1 value is shared by more than one record', step: { kind: 'claim-unique', entity: 'Note', field: 'title' } },
    ]);
    // And back: the claims are dropped.
    expect(safeSteps(planDataChanges(next, base, facts(4, { title: 4 })))).toEqual(expect.arrayContaining([{ kind: 'release-unique', entity: 'Note', field: 'title' }]));
  });

  it('an entity removed while it holds records, a field made required over records without it, and a type change are destructive', () => {
    const withLabel = ir(notesSpec({ noteRows: BASE_ROWS, label: true }));
    const removed = planDataChanges(withLabel, base, { Label: { records: 5, filled: {}, duplicates: {} } });
    expect(removed).toEqual([{ subject: 'Label', destructive: true, reason: 'Label is removed while it holds 5 records: they stay in the table but no API serves them' }]);
    expect(planDataChanges(withLabel, base, { Label: { records: 0, filled: {}, duplicates: {} } })).toEqual([]);

    const required = ir(notesSpec({ noteRows: '| title | string | yes | | | |\n| body | text | yes | | | |' }));
    expect(planDataChanges(base, required, facts(3, { body: 1 }))).toEqual([{ subject: 'Note.body', destructive: true, reason: 'Note.body becomes required without a default: 2 records have no value for it' }]);
    expect(planDataChanges(base, required, facts(3, { body: 3 }))).toEqual([]);

    const retyped = ir(notesSpec({ noteRows: '| title | string | yes | | | |\n| body | integer | no | | | |' }));
    expect(planDataChanges(base, retyped, facts(3, { body: 2 }))[0]).toMatchObject({ subject: 'Note.body', destructive: true, reason: expect.stringContaining('from text to integer') });
    // Widening keeps every value valid.
    const widened = ir(notesSpec({ noteRows: '| title | text | yes | | | |\n| body | text | no | | | |' }));
    expect(planDataChanges(base, widened, facts(3, { title: 3 }))).toEqual([]);
  });

  it("a multi-tenant project's first scheduled jobs list the organizations from before; later deploys, single-tenant projects and new projects do not", () => {
    const multi = ir(notesSpec({ noteRows: BASE_ROWS, tenancy: 'multi-tenant' }));
    const job = { name: 'nightly', expression: 'cron(0 2 * * ? *)', timezone: 'UTC', actions: [{ type: 'call' as const, endpoint: 'x' }] };
    const withJobs: BlueprintIR = { ...multi, schedules: [job] };
    const list = { subject: 'Organization', destructive: false, reason: expect.stringContaining('lists the organizations created before'), step: { kind: 'list-organizations' } };
    expect(planDataChanges(multi, withJobs, facts(0))).toEqual([list]);
    expect(safeSteps(planDataChanges(multi, withJobs, facts(0)))).toEqual([{ kind: 'list-organizations' }]);
    expect(planDataChanges(withJobs, { ...withJobs, schedules: [job, { ...job, name: 'weekly' }] }, facts(0))).toEqual([]);
    expect(planDataChanges(base, { ...base, schedules: [job] }, facts(0))).toEqual([]);
    expect(planDataChanges(null, withJobs, {})).toEqual([]);
  });

  it('moving between single- and multi-tenant changes every key: destructive', () => {
    const multi = ir(notesSpec({ noteRows: BASE_ROWS, tenancy: 'multi-tenant' }));
    expect(planDataChanges(base, multi, facts(1))[0]).toMatchObject({ subject: 'Note', destructive: true, reason: expect.stringContaining('tenancy single -> multi') });
  });
});

describe('the combined preview and the DATA_LOSS refusal', () => {
  it('lists record changes after resource changes, says so in the summary, and refuses unless allowed', () => {
    const next = ir(notesSpec({ noteRows: `${BASE_ROWS}\n| code | string | yes | | | |\n| priority | enum | no | medium | low, medium, high | |` }));
    const preview = combinePreview({ changes: [], summary: '0 to add, 2 to modify, 0 to remove' }, planDataChanges(base, next, facts(2)));
    expect(preview.summary).toBe('0 to add, 2 to modify, 0 to remove; 1 change loses data; 2 data steps keep existing records whole');
    expect(preview.changes.map((c) => [c.logicalId, c.resourceType, c.destructive])).toEqual([
      ['Note', 'BGS::Records', false],
      ['Note.code', 'BGS::Records', true],
      ['Note.priority', 'BGS::Records', false],
    ]);
    let refused: unknown;
    try {
      refuseDataLoss(preview.changes, false, 'deploy');
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(DataLossError);
    expect(refused).toMatchObject({ statusCode: 409, code: 'DATA_LOSS', details: [{ path: 'Note.code', message: expect.stringContaining('required without a default') }] });
    expect(() => refuseDataLoss(preview.changes, true, 'deploy')).not.toThrow();
    expect(() => refuseDataLoss(preview.changes.filter((c) => !c.destructive), false, 'rollback')).not.toThrow();
  });
});
