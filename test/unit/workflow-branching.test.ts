/**
 * Workflows that branch (issue 25): the step table's Details language read and written both
 * ways, the spec checks, the IR built from it, the validator, and the flow rules the engine
 * reads (ir-workflows.ts), including blueprints deployed before branching existed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildBlueprint } from '../../lambdas/core/blueprint/build-blueprint';
import { BlueprintIR, eventNext, loopWithoutWait, nextOf, taskAction, timeoutNextOf, type IrStep } from '../../lambdas/core/blueprint/ir';
import { validateBlueprint } from '../../lambdas/core/blueprint/validate-blueprint';
import { parseSpec } from '../../lambdas/core/spec/parse-spec';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { readTrigger, writeTrigger } from '../../lambdas/core/spec/spec-cells';
import { readStep, writeStepDetails } from '../../lambdas/core/spec/step-cells';
import { EXAMPLE_SPEC } from '../../lambdas/core/spec/spec-example';
import { authorSpec } from '../../lambdas/core/spec/offline-author';

const PREVIOUS_IR = join(__dirname, '..', 'fixtures', 'previous-ir', '03-expense-approvals.ir.json');

describe('a blueprint deployed before branching (03-expense-approvals as committed then)', () => {
  const ir = BlueprintIR.parse(JSON.parse(readFileSync(PREVIOUS_IR, 'utf8')));
  const [workflow] = ir.workflows;
  const steps = workflow!.steps;

  it('still parses and validates', () => {
    expect(validateBlueprint(ir).errors).toEqual([]);
  });

  it('runs its steps in order, as before: the manager wait goes on to escalate either way, the finance wait rejects on timeout', () => {
    expect(steps.map((_, i) => nextOf(steps, i))).toEqual([{ step: 'escalate' }, { step: 'wait_for_finance_team' }, { step: 'pay' }, { end: 'completed' }]);
    expect(eventNext(steps, 0, 'approved')).toEqual({ step: 'escalate' });
    expect(timeoutNextOf(steps, 0)).toEqual({ step: 'escalate' });
    expect(timeoutNextOf(steps, 2)).toEqual({ end: 'rejected' });
  });

  it('gives each task the action of its own name: a call of the endpoint named like it', () => {
    const tasks = steps.filter((s): s is Extract<IrStep, { kind: 'task' }> => s.kind === 'task');
    expect(tasks.map(taskAction)).toEqual([
      { type: 'call', endpoint: 'escalate' },
      { type: 'call', endpoint: 'pay' },
    ]);
  });
});

describe('step Details: read and written both ways', () => {
  it.each([
    ['wait', 'P30D; then: end expired'],
    ['waitUntil', 'course_id.starts_at - P1D'],
    ['waitUntil', 'due_at + PT2H; then: remind'],
    ['waitForEvent', 'events: approved -> pay, rejected -> end rejected, withdrawn; timeout: P7D -> escalate'],
    ['waitForEvent', 'events: approved, rejected; timeout: P3D; on timeout: rejected'],
    ['waitForRecord', 'record: Reply created (ticket_id); timeout: PT4H -> page_on_call; then: end replied'],
    ['waitForRecord', 'record: status = resolved; timeout: P2D'],
    ['task', 'retries: 3; action: call payment; then: end paid'],
    ['task', 'action: update status = rejected, closed_at = null; then: end rejected'],
    ['task', 'action: create Invoice (amount from amount, report_id from id, status = draft)'],
    ['task', 'retries: 5; action: notify role support_manager: Sev1 ticket without a reply; message: Nobody answered within 4 hours.'],
    ['task', 'action: notify owner: Your report was rejected'],
    ['task', 'action: notify assignee_id: Due soon'],
    ['task', 'action: start onboarding'],
    ['task', 'then: end'],
  ])('%s | %s', (kind, details) => {
    const read = readStep('step', kind, details);
    if (!read.ok) throw new Error(read.error);
    expect(writeStepDetails(read.value)).toBe(details);
  });

  it('reads the branches into the model', () => {
    expect(readStep('wait_for_manager', 'waitForEvent', 'events: approved -> pay, rejected -> end rejected; timeout: P7D -> escalate')).toEqual({
      ok: true,
      value: { kind: 'waitForEvent', name: 'wait_for_manager', events: ['approved', 'rejected'], timeout: 'P7D', on: [{ event: 'approved', next: { step: 'pay' } }, { event: 'rejected', next: { end: 'rejected' } }], timeoutNext: { step: 'escalate' } },
    });
  });

  it('reads a Details text written before branching to the same step as before', () => {
    expect(readStep('s', 'task', 'retries: 3; backoff: PT1M')).toEqual({ ok: true, value: { kind: 'task', name: 's', retries: 3, backoff: 'PT1M' } });
    expect(readStep('s', 'waitUntil', 'due_at - PT1H')).toEqual({ ok: true, value: { kind: 'waitUntil', name: 's', field: 'due_at', offset: '-PT1H' } });
    expect(readStep('s', 'wait', 'P1D')).toEqual({ ok: true, value: { kind: 'wait', name: 's', duration: 'P1D' } });
  });

  it.each([
    ['task', 'action: pay the vendor', "unknown action"],
    ['task', 'action: update status', "'status' is not '<field> = <value>'"],
    ['task', 'action: notify role finance', "subject is missing"],
    ['task', 'action: create Invoice amount = 3', 'in brackets'],
    ['task', 'message: hello', "'message: ...' goes with 'action: notify ...'"],
    ['task', 'then: go to pay', 'is not a target'],
    ['waitForEvent', 'events: approved -> ; timeout: P1D', 'is not a target'],
    ['waitForRecord', 'record: a reply; timeout: P1D', 'cannot be read'],
    ['waitForRecord', 'record: status = done', "need 'record: ...; timeout: <duration>'"],
    ['wait', 'then: end', 'start with a duration'],
  ])('refuses %s | %s', (kind, details, message) => {
    const read = readStep('step', kind, details);
    expect(read.ok ? '' : read.error).toContain(message);
  });
});

describe('trigger conditions', () => {
  it.each(['Ticket created where severity = sev1', 'Ticket status = closed where severity = sev1 and paid = true', 'Ticket created'])('%s reads and writes back', (text) => {
    const read = readTrigger(text);
    if (!read.ok) throw new Error(read.error);
    expect(writeTrigger(read.value)).toBe(text);
  });

  it('reads the conditions', () => {
    expect(readTrigger('Ticket created where severity = sev1')).toEqual({ ok: true, value: { entity: 'Ticket', event: 'created', where: [{ field: 'severity', value: 'sev1' }] } });
    expect(readTrigger('manual where a = b').ok).toBe(false);
    // Without '<field> =' after it, 'where' starts no condition: the text is no trigger at all.
    expect(readTrigger('Ticket created where severity').ok).toBe(false);
  });
});

/** The spec format's example with its first workflow's steps replaced, rendered and parsed. */
function exampleWith(rows: string, trigger = 'Ticket created where priority = urgent'): ReturnType<typeof parseSpec> {
  const markdown = renderSpec(EXAMPLE_SPEC);
  const start = markdown.indexOf('### first_response');
  const end = markdown.indexOf('### satisfaction_survey');
  const part = `### first_response\n\n- Trigger: ${trigger}\n\n| Step | Kind | Details |\n|---|---|---|\n${rows}\n\n`;
  return parseSpec(markdown.slice(0, start) + part + markdown.slice(end));
}

describe('a branching workflow in a spec', () => {
  const ROWS = [
    '| await_answer | waitForEvent | events: answered -> end answered, resolved -> end resolved; timeout: PT4H -> escalate |',
    '| escalate | task | retries: 2; action: notify role agent: Ticket without an answer |',
    '| await_comment | waitForRecord | record: Comment created (ticket_id); timeout: P1D -> close; then: end commented |',
    '| close | task | action: update status = closed; then: end closed |',
  ].join('\n');

  it('parses, builds and validates, with the branches and actions in the IR', () => {
    const parsed = exampleWith(ROWS);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const ir = buildBlueprint(parsed.spec, { projectId: 'p1', specVersion: 1 });
    expect(validateBlueprint(ir).errors).toEqual([]);
    const workflow = ir.workflows[0]!;
    expect(workflow.trigger).toEqual({ entity: 'Ticket', event: 'created', where: [{ field: 'priority', value: 'urgent' }] });
    expect(workflow.steps[1]).toEqual({ kind: 'task', name: 'escalate', retries: 2, backoffSeconds: 1, action: { type: 'notify', to: { role: 'agent' }, subject: 'Ticket without an answer', message: 'Ticket without an answer' } });
    expect(workflow.steps[2]).toEqual({ kind: 'waitForRecord', name: 'await_comment', timeoutSeconds: 86400, change: { kind: 'created', entity: 'Comment', field: 'ticket_id' }, timeoutNext: { step: 'close' }, next: { end: 'commented' } });
    expect(renderSpec(parsed.spec)).toBe(renderSpec(parsed.ok ? parsed.spec : EXAMPLE_SPEC));
  });

  it.each([
    ['| a | task | then: nowhere |', "'nowhere' is not a step of the workflow"],
    ['| a | waitForEvent | events: answered; timeout: P1D |\n| b | task | then: c |\n| c | task | then: b |', 'form a loop without a wait'],
    ['| a | waitForEvent | events: answered -> end x; timeout: P1D -> end y; on timeout: z |', "keep one ('timeout: ... -> end z')"],
    ['| a | task | action: update nickname = x |', "Ticket has no field 'nickname' to update"],
    ['| a | task | action: update status = lost |', "'lost' is not a value of Ticket.status"],
    ['| a | task | action: notify role boss: Hi |', "'boss' is not a role of the spec"],
    ['| a | task | action: start first_response |', 'a workflow cannot start itself'],
    ['| a | task | action: start nothing_here |', "'nothing_here' is not a workflow of the spec"],
    ['| a | waitForRecord | record: Comment created (body); timeout: P1D |', 'must point at the Ticket'],
    ['| a | waitUntil | team_id.name |', 'waitUntil needs a date or datetime field'],
  ])('refuses %s', (rows, message) => {
    const parsed = exampleWith(rows);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? [] : parsed.errors.map((e) => e.message)).toEqual(expect.arrayContaining([expect.stringContaining(message)]));
  });

  it('refuses a condition on a field the record does not have', () => {
    const parsed = exampleWith('| a | task | |', 'Ticket created where mood = sunny');
    expect(parsed.ok ? [] : parsed.errors.map((e) => e.message)).toEqual([expect.stringContaining("Ticket has no field 'mood' (in 'where')")]);
  });
});

describe('loops', () => {
  const task = (name: string, next?: string): IrStep => ({ kind: 'task', name, retries: 0, backoffSeconds: 1, ...(next ? { next: { step: next } } : {}) });
  it('finds a loop of tasks, and allows one through a wait', () => {
    expect(loopWithoutWait([task('a'), task('b', 'a')])).toEqual(['a', 'b']);
    const wait: IrStep = { kind: 'wait', name: 'w', seconds: 60 };
    expect(loopWithoutWait([wait, task('b', 'w')])).toBeUndefined();
    expect(loopWithoutWait([task('a', 'a')])).toEqual(['a']);
  });
});

describe('the offline author drafts the branches of the examples', () => {
  const drafted = (example: string) => {
    const spec = authorSpec({ name: example, description: readFileSync(join(__dirname, '..', 'fixtures', 'examples', `${example}.md`), 'utf8') });
    return { spec, rows: renderSpec(spec).split('\n').filter((line) => /^- Trigger:|^\| [a-z_]+ \| (?:wait|task)/.test(line)) };
  };

  it('03: a decision that pays or ends rejected, an escalation by email, an automatic rejection', () => {
    const { spec, rows } = drafted('03-expense-approvals');
    expect(rows).toEqual([
      '- Trigger: ExpenseReport created',
      '| wait_for_manager | waitForEvent | events: approved -> pay, rejected -> end rejected; timeout: P7D -> escalate |',
      '| escalate | task | action: notify role finance: Expense report escalated |',
      '| wait_for_finance_team | waitForEvent | events: approved -> pay, rejected -> end rejected; timeout: P3D -> auto_reject |',
      '| auto_reject | task | action: update status = rejected; then: end rejected |',
      '| pay | task | retries: 3; action: call payment; then: end paid |',
    ]);
    // The finance team is a role only to receive the email: what it may do is asked, not guessed.
    expect(spec.openQuestions).toEqual([expect.stringContaining('What may finance do?')]);
  });

  it('08: only sev1 tickets, a reply record awaited, the on-call manager paged on timeout', () => {
    const { rows } = drafted('08-helpdesk');
    expect(rows).toEqual([
      '- Trigger: Ticket created where severity = sev1',
      '| wait_for_reply | waitForRecord | record: Reply created (ticket_id); timeout: PT4H -> page_on_call_manager; then: end replied |',
      '| page_on_call_manager | task | retries: 5; action: notify role support_manager: Ticket: page the on-call manager |',
    ]);
  });

  it('a step phrase it cannot map to an action is an open question, not a silent no-op', () => {
    const spec = authorSpec({ name: 'x', description: 'Members log hikes with a trail and a date. When a hike is logged, wait 2 days, then frobnicate the archive.' });
    const step = spec.workflows[0]?.steps.at(-1);
    expect(step).toMatchObject({ kind: 'task' });
    expect(step && 'action' in step ? step.action : undefined).toBeUndefined();
    expect(spec.openQuestions ?? []).toEqual(expect.arrayContaining([expect.stringContaining('archive')]));
  });
});
