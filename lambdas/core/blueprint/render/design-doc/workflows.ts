/** The Workflows section: each workflow's trigger and steps. */
import { renderTable } from '../../../spec/spec-markdown';
import type { BlueprintIR, IrStep, IrWorkflow } from '../../ir';
import { durationText, withArticle } from '../../../text/english';

function stepText(step: IrStep): string {
  switch (step.kind) {
    case 'wait':
      return `wait ${durationText(step.seconds)}`;
    case 'waitUntil':
      return `wait until ${step.field}${step.offsetSeconds === 0 ? '' : ` ${step.offsetSeconds < 0 ? '-' : '+'} ${durationText(Math.abs(step.offsetSeconds))}`}`;
    case 'waitForEvent':
      return `wait for ${step.events.join(' or ')} (signal), at most ${durationText(step.timeoutSeconds)}${step.onTimeout ? `; on timeout: ${step.onTimeout}` : '; on timeout: next step'}`;
    case 'task':
      return step.retries > 0 ? `task, retried up to ${step.retries} times (first after ${durationText(step.backoffSeconds)}, doubling)` : 'task';
  }
}

function triggerText(workflow: IrWorkflow): string {
  const t = workflow.trigger;
  if ('manual' in t) return `started with \`POST /workflows/${workflow.name}/start\``;
  const when = t.field !== undefined ? `when ${withArticle(t.entity)}'s ${t.field} becomes ${t.value ?? ''}` : `when ${withArticle(t.entity)} is ${t.event}`;
  return `starts ${when} (or with \`POST /workflows/${workflow.name}/start\`)`;
}

export function workflows(ir: BlueprintIR): string {
  const out = ['## Workflows', '', 'Durable workflows: waits survive restarts, a completed step never runs twice. Admins list, inspect and cancel instances under `/admin/workflows`.'];
  for (const workflow of ir.workflows) {
    out.push('', `### ${workflow.name}`, '', ...(workflow.description ? [workflow.description, ''] : []), `It ${triggerText(workflow)}.`, '');
    out.push(...renderTable(['Step', 'What it does'], workflow.steps.map((step) => [step.name, stepText(step)])));
  }
  return out.join('\n');
}
