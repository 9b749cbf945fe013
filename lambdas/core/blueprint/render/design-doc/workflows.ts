/** The Workflows section: each workflow's trigger, its steps, what each does and where it leads. */
import { renderTable } from '../../../spec/spec-markdown';
import { exitsOf, taskAction, type BlueprintIR, type IrEntityTrigger, type IrNext, type IrStep, type IrTaskAction, type IrWorkflow } from '../../ir';
import { durationText, withArticle } from '../../../text/english';

function stepText(step: IrStep): string {
  switch (step.kind) {
    case 'wait':
      return `wait ${durationText(step.seconds)}`;
    case 'waitUntil': {
      const field = step.via === undefined ? step.field : `${step.field} of the record ${step.via} points at`;
      return `wait until ${field}${step.offsetSeconds === 0 ? '' : ` ${step.offsetSeconds < 0 ? '-' : '+'} ${durationText(Math.abs(step.offsetSeconds))}`}`;
    }
    case 'waitForEvent':
      return `wait for ${step.events.join(' or ')} (signal), at most ${durationText(step.timeoutSeconds)}`;
    case 'waitForRecord': {
      const change = step.change;
      const what = change.kind === 'created' ? `${withArticle(change.entity)} whose ${change.field} is this record to be created` : `the record's ${change.field} to become ${change.value}`;
      return `wait for ${what}, at most ${durationText(step.timeoutSeconds)}`;
    }
    case 'task': {
      const retried = step.retries > 0 ? `, retried up to ${step.retries} times (first after ${durationText(step.backoffSeconds)}, doubling)` : '';
      // An action-less task of an older blueprint does what the engine does with it: call its endpoint.
      return `${actionText(taskAction(step))}${retried}`;
    }
  }
}

/** What an action does, in a sentence's words (a task's, a handler's, a job's). */
export function actionText(action: IrTaskAction): string {
  switch (action.type) {
    case 'update':
      return `set ${action.set.map((item) => `${item.field} to ${item.value === null ? 'nothing' : String(item.value)}`).join(', ')}`;
    case 'create':
      return `create ${withArticle(action.entity)} (${action.values.map((item) => (item.from !== undefined ? `${item.field} from the record's ${item.from}` : `${item.field} ${String(item.value)}`)).join(', ')})`;
    case 'notify': {
      const to = 'role' in action.to ? `every ${action.to.role} of the organization` : 'field' in action.to ? `the member the record's ${action.to.field} names` : "the record's owner";
      return `email ${to}: "${action.subject}"`;
    }
    case 'call':
      return `call the outgoing endpoint \`${action.endpoint}\` (set by the project's owner)`;
    case 'start':
      return `start the workflow ${action.workflow}`;
  }
}

const targetText = (next: IrNext): string => ('step' in next ? next.step : `end (${next.end})`);

/** Where a step leads: one target, or one per way out (`approved: pay; rejected: end (rejected); timeout: escalate`). */
function thenText(workflow: IrWorkflow, index: number): string {
  const step = workflow.steps[index] as IrStep;
  const exits = exitsOf(workflow.steps, index);
  const branched = new Set(exits.flatMap(({ exit }) => (exit.when === 'event' ? [exit.event] : [])));
  // A waitForEvent whose every event has its own branch has no default way out.
  const shown = exits.filter(({ exit }) => !(exit.when === 'done' && step.kind === 'waitForEvent' && step.events.every((event) => branched.has(event))));
  if (shown.length === 1) return targetText(shown[0]!.next);
  return shown
    .map(({ exit, next }) => {
      const label = exit.when === 'event' ? exit.event : exit.when === 'timeout' ? 'timeout' : step.kind === 'waitForEvent' ? (branched.size > 0 ? 'other events' : step.events.join(', ')) : 'when it comes';
      return `${label}: ${targetText(next)}`;
    })
    .join('; ');
}

function triggerText(workflow: IrWorkflow): string {
  const t = workflow.trigger;
  if ('manual' in t) return `started with \`POST /workflows/${workflow.name}/start\``;
  return `starts ${changeText(t)} (or with \`POST /workflows/${workflow.name}/start\`)`;
}

/** `when a Ticket's status becomes resolved and its severity is sev1`: the change a record trigger names. */
export function changeText(t: IrEntityTrigger): string {
  const when = t.field !== undefined ? `when ${withArticle(t.entity)}'s ${t.field} becomes ${t.value ?? ''}` : `when ${withArticle(t.entity)} is ${t.event}`;
  const where = t.where && t.where.length > 0 ? ` and its ${t.where.map((c) => `${c.field} is ${c.value}`).join(' and ')}` : '';
  return `${when}${where}`;
}

export function workflows(ir: BlueprintIR): string {
  const out = [
    '## Workflows',
    '',
    'Durable workflows: waits survive restarts, a completed step never runs twice. Each step leads to the next one unless its row says otherwise; a workflow ends with an outcome (`completed` when none is named). Admins list, inspect and cancel instances under `/admin/workflows`.',
  ];
  for (const workflow of ir.workflows) {
    out.push('', `### ${workflow.name}`, '', ...(workflow.description ? [workflow.description, ''] : []), `It ${triggerText(workflow)}.`, '');
    out.push(...renderTable(['Step', 'What it does', 'Then'], workflow.steps.map((step, s) => [step.name, stepText(step), thenText(workflow, s)])));
  }
  return out.join('\n');
}
