/**
 * The offline author and event handlers and scheduled jobs (issue 27): the one rule (a "when X,
 * do Y" with no wait and no signal is an event handler; anything that waits stays a workflow),
 * the handler sentences, the job sentences (periods, times, time zones, records, summaries), in
 * a description and as chat edits; every spec it writes parses, builds and validates.
 */
import { buildBlueprint } from '../../lambdas/core/blueprint/build-blueprint';
import { validateBlueprint } from '../../lambdas/core/blueprint/validate-blueprint';
import { authorSpec, editSpec } from '../../lambdas/core/spec/offline-author';
import { parseSpec } from '../../lambdas/core/spec/parse-spec';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import type { SpecDocument, SpecSchedule } from '../../lambdas/core/spec/spec-model';

const CRM =
  'A small CRM. Admins and sales reps manage accounts, deals, invoices and tickets. An account has a name and an industry. ' +
  'A deal has a title, an amount and a stage (open, won or lost) and belongs to an account. ' +
  'Invoices have a number and a status (draft, sent, paid or closed). Tickets have a subject.';

const author = (extra: string): SpecDocument => authorSpec({ name: 'Deal Desk', description: `${CRM} ${extra}` });

/** The spec renders, parses back, builds and validates without errors. */
function sound(spec: SpecDocument): void {
  const parsed = parseSpec(renderSpec(spec));
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => `line ${e.line}: ${e.message}`).join('; '));
  expect(validateBlueprint(buildBlueprint(parsed.spec, { projectId: 'p', specVersion: 1 })).errors).toEqual([]);
}

describe('event handlers from a description', () => {
  it('never drafts a handler that calls an endpoint nobody named: an action not understood stays an open question', () => {
    const spec = author('When a deal is marked won, frobnicate the quarterly ledger.');
    expect(spec.events ?? []).toEqual([]);
    expect(spec.openQuestions?.join(' ')).toMatch(/frobnicate/);
  });

  it.each<[string, object]>([
    ['When a deal is marked won, email the account owner.', { on: { entity: 'Deal', event: 'updated', field: 'stage', value: 'won' }, actions: [{ type: 'notify', to: { owner: true } }] }],
    ['When an invoice is paid, set its status to closed.', { on: { entity: 'Invoice', event: 'updated', field: 'status', value: 'paid' }, actions: [{ type: 'update', set: [{ field: 'status', value: 'closed' }] }] }],
    ['Whenever a ticket is deleted, notify the admins.', { on: { entity: 'Ticket', event: 'deleted' }, actions: [{ type: 'notify', to: { role: 'admin' } }] }],
    ["When a deal is marked won, email the deal's owner.", { on: { entity: 'Deal', event: 'updated', field: 'stage', value: 'won' }, actions: [{ type: 'notify', to: { owner: true } }] }],
    ['When a deal is marked lost, email the owner of the deal.', { on: { entity: 'Deal', event: 'updated', field: 'stage', value: 'lost' }, actions: [{ type: 'notify', to: { owner: true } }] }],
  ])('%s', (sentence, handler) => {
    const spec = author(sentence);
    expect(spec.workflows).toEqual([]);
    expect(spec.events).toEqual([expect.objectContaining({ ...handler, actions: (handler as { actions: object[] }).actions.map((a) => expect.objectContaining(a) as unknown) })]);
    expect(spec.openQuestions ?? []).toEqual([]);
    sound(spec);
  });

  it('what waits stays a workflow, exactly as before (the one rule)', () => {
    for (const sentence of ['When a deal is marked won, wait 2 days and then email the owner.', 'If a ticket is not answered within 48 hours, email the admins.']) {
      const spec = author(sentence);
      expect(spec.events).toBeUndefined();
      expect(spec.workflows).toHaveLength(1);
      expect(spec.workflows[0]!.steps.some((step) => step.kind !== 'task')).toBe(true);
    }
  });

  it('a description without such sentences has neither section', () => {
    const spec = author('Sales reps can read deals.');
    expect('events' in spec || 'schedules' in spec).toBe(false);
  });
});

describe('scheduled jobs from a description', () => {
  const job = (sentence: string): SpecSchedule => {
    const spec = author(sentence);
    sound(spec);
    expect(spec.schedules).toHaveLength(1);
    return spec.schedules![0]!;
  };

  it('every night at 02:00 UTC, mark deals unchanged for 90 days as lost', () => {
    expect(job('Every night at 02:00 UTC, mark deals unchanged for 90 days as lost.')).toMatchObject({
      expression: 'cron(0 2 * * ? *)',
      timezone: 'UTC',
      records: { entity: 'Deal', where: [{ field: 'stage', value: 'open' }], age: { field: 'updated_at', olderThan: 'P90D' } },
      actions: [{ type: 'update', set: [{ field: 'stage', value: 'lost' }] }],
    });
  });

  it('every Monday at 08:00, email the admins a summary of new deals', () => {
    const weekly = job('Every Monday at 08:00, email the admins a summary of new deals.');
    expect(weekly).toMatchObject({ expression: 'cron(0 8 ? * MON *)', records: { entity: 'Deal', age: { field: 'created_at', within: 'P7D' } }, actions: [{ type: 'notify', to: { role: 'admin' } }] });
    expect(weekly.timezone).toBeUndefined();
  });

  it.each<[string, string, string | undefined]>([
    ['Every hour, email the admins a list of open deals.', 'rate(1 hour)', undefined],
    ['Daily at 6pm Europe/Berlin, send a digest of won deals to the admins.', 'cron(0 18 * * ? *)', 'Europe/Berlin'],
    ['On the first day of each month, email the admins a report of lost deals.', 'cron(0 0 1 * ? *)', undefined],
    ['Every 15 minutes, notify the admins.', 'rate(15 minutes)', undefined],
  ])('%s', (sentence, expression, timezone) => {
    const read = job(sentence);
    expect(read.expression).toBe(expression);
    expect(read.timezone).toBe(timezone);
  });

  it('a sentence about a record\'s own time is never a job', () => {
    expect(author('When a deal is won, email the owner.').schedules).toBeUndefined();
    expect(author('Each deal has a title.').schedules).toBeUndefined();
  });
});

describe('chat edits', () => {
  const base = authorSpec({ name: 'Deal Desk', description: CRM });

  it('adds a handler, a job, and removes them by name', () => {
    let spec = base;
    const say = (message: string): string => {
      const outcome = editSpec(spec, message);
      spec = outcome.spec;
      return outcome.summary;
    };
    expect(say('When a deal is marked won, email the account owner.')).toContain('Added on_deal_won (an event handler: when Deal stage = won: notify owner');
    expect(say('Every night at 02:00 UTC, mark deals unchanged for 90 days as lost.')).toBe(
      'Added scheduled job mark_deals_lost (cron(0 2 * * ? *) UTC, on Deal where stage = open and updated_at older than P90D: update stage = lost).',
    );
    expect(say('Every Monday at 08:00, email the admins a summary of new deals.')).toContain('Added scheduled job weekly_deal_summary');
    sound(spec);
    expect(spec.workflows).toEqual([]);
    expect(say('Remove the weekly_deal_summary job')).toBe('Removed scheduled job weekly_deal_summary.');
    expect(say('Remove the on_deal_won handler')).toBe('Removed event handler on_deal_won.');
    expect(spec.events).toBeUndefined();
    expect(spec.schedules?.map((j) => j.name)).toEqual(['mark_deals_lost']);
  });

  it('a waiting sentence still adds a workflow', () => {
    const outcome = editSpec(base, 'When a deal is marked lost, wait 2 days and then email the owner.');
    expect(outcome.spec.workflows).toHaveLength(1);
    expect(outcome.spec.events).toBeUndefined();
  });

  it('removing what a job needs removes the job', () => {
    const withJob = editSpec(base, 'Every night, mark deals unchanged for 90 days as lost.').spec;
    expect(withJob.schedules).toHaveLength(1);
    const outcome = editSpec(withJob, 'Remove the stage from deals');
    expect(outcome.spec.schedules).toBeUndefined();
    sound(outcome.spec);
  });
});
