/**
 * Event handlers and scheduled jobs from spec to validated blueprint (issue 27): the optional
 * sections read and written back (a spec without them reads and renders as before), every parse
 * and check error at its line, the build (durations in seconds, values typed, UTC by default,
 * the keys absent when empty), every validation error at its JSON path, and blueprints from
 * before the sections (no events, no schedules keys) still read and validate.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildBlueprint } from '../../lambdas/core/blueprint/build-blueprint';
import { BlueprintIR, type IrSchedule } from '../../lambdas/core/blueprint/ir';
import { validateBlueprint } from '../../lambdas/core/blueprint/validate-blueprint';
import { parseSpec } from '../../lambdas/core/spec/parse-spec';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { EXAMPLE_SPEC } from '../../lambdas/core/spec/spec-example';
import type { SpecDocument } from '../../lambdas/core/spec/spec-model';
import { EVENTS_SPEC } from '../fixtures/producers/events';

const markdown = renderSpec(EVENTS_SPEC);
const ir = buildBlueprint(EVENTS_SPEC, { projectId: 'p1', specVersion: 1 });

/** The events spec with its handler and job parts replaced by these Markdown lines. */
function withSections(handlers: string, jobs: string): string {
  const head = markdown.slice(0, markdown.indexOf('## Event handlers'));
  return `${head}## Event handlers\n\n${handlers}\n\n## Scheduled jobs\n\n${jobs}\n`;
}
const HANDLER = '### notify_owner_on_win\n\n- On: Deal stage = won\n- Do: notify owner: Deal won';
const JOB = '### close_stale_deals\n\n- Schedule: cron(0 2 * * ? *)\n- Records: Deal where stage = open and updated_at older than P90D\n- Do: update stage = lost';

const errorsOf = (text: string): string[] => {
  const parsed = parseSpec(text);
  return parsed.ok ? [] : parsed.errors.map((e) => `${e.line}: ${e.message}`);
};
const lineOf = (text: string, fragment: string): number => text.split('\n').findIndex((line) => line.includes(fragment)) + 1;

describe('the spec sections', () => {
  it('round-trip: render, parse, render gives the same text and document', () => {
    const parsed = parseSpec(markdown);
    expect(parsed.ok && parsed.spec).toEqual(EVENTS_SPEC);
    expect(parsed.ok && renderSpec(parsed.spec)).toBe(markdown);
  });

  it('a spec without them has neither key, and renders without the sections', () => {
    const text = renderSpec(EXAMPLE_SPEC);
    expect(text).not.toContain('## Event handlers');
    expect(text).not.toContain('## Scheduled jobs');
    const parsed = parseSpec(text);
    expect(parsed.ok && 'events' in parsed.spec).toBe(false);
    expect(parsed.ok && 'schedules' in parsed.spec).toBe(false);
  });

  it('reads several actions in order, a message, retries without a backoff, and a missing time zone as absent', () => {
    const text = withSections(`${HANDLER}\n- Do: update amount = 0\n- Do: call crm_sync\n- Retries: 0`, '### ping\n\n- Schedule: rate(1 hour)\n- Do: notify role admin: Hourly; message: Still here');
    const parsed = parseSpec(text);
    if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('; '));
    expect(parsed.spec.events?.[0]?.actions.map((a) => a.type)).toEqual(['notify', 'update', 'call']);
    expect(parsed.spec.events?.[0]?.retry).toEqual({ retries: 0 });
    expect(parsed.spec.schedules?.[0]).toEqual({ name: 'ping', expression: 'rate(1 hour)', actions: [{ type: 'notify', to: { role: 'admin' }, subject: 'Hourly', message: 'Still here' }] });
  });

  it.each<[string, string, string, string]>([
    ['a handler without a trigger', HANDLER.replace('- On: Deal stage = won\n', ''), JOB, "handler notify_owner_on_win needs '- On: <Entity> created'"],
    ['a manual handler', HANDLER.replace('Deal stage = won', 'manual'), JOB, "'manual' starts workflows only"],
    ['a handler on an unknown entity', HANDLER.replace('Deal stage', 'Lead stage'), JOB, "'Lead' is not an entity of the spec"],
    ['a handler on an unknown value', HANDLER.replace('= won', '= closed'), JOB, "'closed' is not a value of Deal.stage"],
    ['a handler without an action', HANDLER.replace('\n- Do: notify owner: Deal won', ''), JOB, "needs at least one '- Do: <action>' line"],
    ['an unreadable action', HANDLER.replace('notify owner: Deal won', 'shout at owner'), JOB, 'unknown action'],
    ['a message on an update', `${HANDLER}\n- Do: update stage = lost; message: hi`, JOB, "'; message: ...' goes with a notify action"],
    ['an update of a deleted record', HANDLER.replace('Deal stage = won', 'Deal deleted').replace('notify owner: Deal won', 'update stage = lost'), JOB, 'the delete has removed'],
    ['retries above 10', `${HANDLER}\n- Retries: 11`, JOB, 'retries must be a whole number from 0 to 10'],
    ['an unknown item', `${HANDLER}\n- When: now`, JOB, "unexpected item '- When'"],
    ['a job without a schedule', HANDLER, JOB.replace('- Schedule: cron(0 2 * * ? *)\n', ''), "job close_stale_deals needs '- Schedule: cron("],
    ['a schedule of another shape', HANDLER, JOB.replace('cron(0 2 * * ? *)', 'every night'), "'every night' is neither cron("],
    ['a cron of five fields', HANDLER, JOB.replace('cron(0 2 * * ? *)', 'cron(0 2 * * ?)'), 'is neither cron('],
    ['an unknown time zone', HANDLER, JOB.replace('- Records', '- Time zone: Mars/Olympus\n- Records'), "'Mars/Olympus' is not an IANA time zone"],
    ['records of an unknown entity', HANDLER, JOB.replace('Records: Deal', 'Records: Lead'), "'Lead' is not an entity of the spec"],
    ['records filtered on a field without an index', HANDLER, JOB.replace('stage = open', 'title = x'), 'a job reads its records through an index'],
    ['an age on another field', HANDLER, JOB.replace('updated_at older', 'amount older'), 'an age condition is on created_at or updated_at'],
    ['an update in a job without records', HANDLER, JOB.replace('- Records: Deal where stage = open and updated_at older than P90D\n', ''), "the job needs '- Records: <Entity> where ...'"],
    ['a notify owner in a job without records', HANDLER, '### tell\n\n- Schedule: rate(1 day)\n- Do: notify owner: hi', "the job needs '- Records"],
    ['two jobs of one name', HANDLER, `${JOB}\n\n${JOB}`, 'job close_stale_deals is declared twice'],
  ])('%s is an error at its line', (_label, handlers, jobs, message) => {
    const text = withSections(handlers, jobs);
    const errors = errorsOf(text);
    expect(errors.join('\n')).toContain(message);
    for (const error of errors) expect(Number(error.split(':')[0])).toBeGreaterThan(lineOf(text, '## Workflows'));
  });
});

describe('the build', () => {
  it('durations in seconds, values typed, UTC by default, the retry only when given', () => {
    expect(ir.events).toEqual([
      {
        name: 'notify_owner_on_win',
        description: 'When a deal is marked won, email the account owner.',
        on: { entity: 'Deal', event: 'updated', field: 'stage', value: 'won' },
        actions: [{ type: 'notify', to: { owner: true }, subject: 'Deal won', message: 'Your deal was marked won: well done.' }],
      },
    ]);
    expect(ir.schedules?.[0]).toMatchObject({ records: { entity: 'Deal', where: [{ field: 'stage', value: 'open' }], age: { field: 'updated_at', olderThanSeconds: 90 * 86400 } }, retry: { retries: 2, backoffSeconds: 300 } });
    expect(ir.schedules?.[1]).toMatchObject({ timezone: 'UTC', records: { age: { field: 'created_at', newerThanSeconds: 7 * 86400 } }, actions: [{ type: 'notify', to: { role: 'admin' }, subject: 'New deals this week', message: 'New deals this week' }] });
    expect(ir.schedules?.[1]).not.toHaveProperty('retry');
    expect(BlueprintIR.safeParse(ir).success).toBe(true);
  });

  it('types an update value by its field', () => {
    const spec: SpecDocument = { ...structuredClone(EVENTS_SPEC), events: [{ name: 'zero', on: { entity: 'Deal', event: 'created' }, actions: [{ type: 'update', set: [{ field: 'amount', value: '0' }] }] }] };
    expect(buildBlueprint(spec, { projectId: 'p1', specVersion: 1 }).events?.[0]?.actions).toEqual([{ type: 'update', set: [{ field: 'amount', value: 0 }] }]);
  });

  it('leaves both keys out of a spec without handlers or jobs (the IR of before)', () => {
    const plain = buildBlueprint(EXAMPLE_SPEC, { projectId: 'p1', specVersion: 1 });
    expect('events' in plain).toBe(false);
    expect('schedules' in plain).toBe(false);
  });
});

describe('validation', () => {
  const job = (patch: Partial<IrSchedule>): IrSchedule => ({ ...structuredClone(ir.schedules![0]!), ...patch });
  it.each<[string, (x: BlueprintIR) => void, string, string]>([
    ['a handler on an unknown entity', (x) => (x.events![0]!.on.entity = 'Lead'), 'TRIGGER_UNKNOWN_ENTITY', '$.events[0].on.entity'],
    ['a handler on an unknown field', (x) => (x.events![0]!.on.field = 'phase'), 'TRIGGER_UNKNOWN_FIELD', '$.events[0].on.field'],
    ['a handler on an unknown value', (x) => (x.events![0]!.on.value = 'closed'), 'TRIGGER_INVALID_VALUE', '$.events[0].on.value'],
    ['a handler condition on an unknown field', (x) => (x.events![0]!.on.where = [{ field: 'phase', value: 'x' }]), 'TRIGGER_UNKNOWN_FIELD', '$.events[0].on.where[0].field'],
    ['a handler notifying an unknown role', (x) => (x.events![0]!.actions = [{ type: 'notify', to: { role: 'boss' }, subject: 's', message: 'm' }]), 'TASK_ACTION_INVALID', '$.events[0].actions[0].to.role'],
    ['a handler setting an unknown field', (x) => (x.events![0]!.actions = [{ type: 'update', set: [{ field: 'phase', value: 'x' }] }]), 'TASK_ACTION_INVALID', '$.events[0].actions[0].set[0]'],
    ['a handler starting an unknown workflow', (x) => (x.events![0]!.actions = [{ type: 'start', workflow: 'onboarding' }]), 'TASK_ACTION_INVALID', '$.events[0].actions[0].workflow'],
    ['a handler calling a badly named endpoint', (x) => (x.events![0]!.actions = [{ type: 'call', endpoint: 'CRM sync' }]), 'INVALID_NAME', '$.events[0].actions[0].endpoint'],
    ['a handler updating a deleted record', (x) => { x.events![0]!.on = { entity: 'Deal', event: 'deleted' }; x.events![0]!.actions = [{ type: 'update', set: [{ field: 'stage', value: 'lost' }] }]; }, 'TASK_ACTION_INVALID', '$.events[0].actions[0]'],
    ['two handlers of one name', (x) => x.events!.push(structuredClone(x.events![0]!)), 'DUPLICATE_NAME', '$.events[1].name'],
    ['a handler name that is not snake_case', (x) => (x.events![0]!.name = 'Notify'), 'INVALID_NAME', '$.events[0].name'],
    ['a schedule that never occurs', (x) => (x.schedules![0] = job({ expression: 'cron(0 0 31 2 ? *)' })), 'SCHEDULE_INVALID', '$.schedules[0].expression'],
    ['a schedule only in past years', (x) => (x.schedules![0] = job({ expression: 'cron(0 0 1 1 ? 2020)' })), 'SCHEDULE_INVALID', '$.schedules[0].expression'],
    ['a schedule of bad syntax', (x) => (x.schedules![0] = job({ expression: 'every day' })), 'SCHEDULE_INVALID', '$.schedules[0].expression'],
    ['a rate below a minute', (x) => (x.schedules![0] = job({ expression: 'rate(0 minutes)' })), 'SCHEDULE_INVALID', '$.schedules[0].expression'],
    ['an unknown time zone', (x) => (x.schedules![0] = job({ timezone: 'Mars/Olympus' })), 'SCHEDULE_INVALID', '$.schedules[0].timezone'],
    ['records of an unknown entity', (x) => (x.schedules![0] = job({ records: { entity: 'Lead' } })), 'RECORD_QUERY_INVALID', '$.schedules[0].records.entity'],
    ['records on an unknown field', (x) => (x.schedules![0] = job({ records: { entity: 'Deal', where: [{ field: 'phase', value: 'x' }] } })), 'RECORD_QUERY_INVALID', '$.schedules[0].records.where[0].field'],
    ['records on a field without an index', (x) => (x.schedules![0] = job({ records: { entity: 'Deal', where: [{ field: 'title', value: 'x' }] } })), 'RECORD_QUERY_INVALID', '$.schedules[0].records.where[0].field'],
    ['records on a value the field cannot hold', (x) => (x.schedules![0] = job({ records: { entity: 'Deal', where: [{ field: 'stage', value: 'closed' }] } })), 'RECORD_QUERY_INVALID', '$.schedules[0].records.where[0].value'],
    ['an empty age window', (x) => (x.schedules![0] = job({ records: { entity: 'Deal', age: { field: 'updated_at', olderThanSeconds: 90 * 86400, newerThanSeconds: 86400 } } })), 'RECORD_QUERY_INVALID', '$.schedules[0].records.age'],
    ['an age without a bound', (x) => (x.schedules![0] = job({ records: { entity: 'Deal', age: { field: 'updated_at' } } })), 'RECORD_QUERY_INVALID', '$.schedules[0].records.age'],
    ['an update in a job without records', (x) => (x.schedules![0] = job({ records: undefined })), 'TASK_ACTION_INVALID', '$.schedules[0].actions[0]'],
    ['a notify owner in a job without records', (x) => (x.schedules![0] = job({ records: undefined, actions: [{ type: 'notify', to: { owner: true }, subject: 's', message: 'm' }] })), 'TASK_ACTION_INVALID', '$.schedules[0].actions[0].to'],
    ['a create from a field in a job without records', (x) => (x.schedules![0] = job({ records: undefined, actions: [{ type: 'create', entity: 'Account', values: [{ field: 'name', from: 'title' }] }] })), 'TASK_ACTION_INVALID', '$.schedules[0].actions[0].values[0]'],
    ['two jobs of one name', (x) => x.schedules!.push(structuredClone(x.schedules![0]!)), 'DUPLICATE_NAME', '$.schedules[2].name'],
  ])('%s', (_label, edit, code, path) => {
    const bad = structuredClone(ir);
    edit(bad);
    if (bad.schedules?.[0]?.records === undefined && bad.schedules?.[0]) delete bad.schedules[0].records;
    const report = validateBlueprint(bad);
    expect(report.errors.map((e) => `${e.code} ${e.path}`)).toEqual([`${code} ${path}`]);
  });

  it('a job without records may notify a role, call, start and create from constants', () => {
    const ok = structuredClone(ir);
    ok.schedules![0] = { name: 'daily', expression: 'rate(1 day)', timezone: 'Europe/Berlin', actions: [{ type: 'notify', to: { role: 'admin' }, subject: 's', message: 'm' }, { type: 'call', endpoint: 'crm_sync' }, { type: 'create', entity: 'Account', values: [{ field: 'name', value: 'Daily' }] }] };
    expect(validateBlueprint(ok).errors).toEqual([]);
  });
});

describe('blueprints from before handlers and jobs', () => {
  it('a stored IR without the keys still reads and validates', () => {
    const stored = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'previous-ir', '03-expense-approvals.ir.json'), 'utf8')) as Record<string, unknown>;
    expect('events' in stored || 'schedules' in stored).toBe(false);
    const parsed = BlueprintIR.safeParse(stored);
    expect(parsed.success).toBe(true);
    expect(validateBlueprint(parsed.data!).errors).toEqual([]);
  });
});
