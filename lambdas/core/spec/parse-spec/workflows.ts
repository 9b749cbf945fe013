/** `## Workflows`: one `### name` part per workflow with its description, trigger line and step table. */
import { nonBlank, readBlock, splitByHeading, type Section } from '../spec-blocks';
import { readTrigger } from '../spec-cells';
import { readStep } from '../step-cells';
import { NONE_LINE, STEPS_HEADER, TRIGGER_KEY } from '../spec-layout';
import { renderRow, sameWords } from '../spec-markdown';
import type { SpecWorkflow } from '../spec-model';
import type { ParseContext } from './context';
import { checkHeader, clip, isNone, onlyTable, reportStray, splitRows } from './tables';

export function readWorkflows(section: Section | undefined, ctx: ParseContext): SpecWorkflow[] {
  if (!section) return [];
  const { before, sections } = splitByHeading(section.body, 3);
  if (sections.length === 0 && isNone(section, ctx)) return [];
  reportStray(nonBlank(before), ctx, `## Workflows holds one '### workflow_name' part per workflow, or '${NONE_LINE}'`);
  return sections.map((sub, w) => readWorkflow(sub, `workflows.${w}`, ctx));
}

function readWorkflow(sub: Section, path: string, ctx: ParseContext): SpecWorkflow {
  ctx.at(path, sub.no);
  const name = sub.heading.text;
  const subject = `workflow ${name}`;
  const block = readBlock(sub.body, [TRIGGER_KEY]);
  if (block.description) ctx.at(`${path}.description`, block.description.no);
  reportStray(block.stray, ctx, `after ${subject}'s description come '- ${TRIGGER_KEY}: ...' and its step table, nothing else`);
  let triggered = false;
  let trigger: SpecWorkflow['trigger'];
  let triggerKnown = false;
  for (const { no, item } of block.items) {
    if (item.key === undefined || !sameWords(item.key, TRIGGER_KEY)) {
      ctx.error(no, `${subject}: unexpected item '- ${clip(item.key ?? item.value)}'; a workflow has '- ${TRIGGER_KEY}: ...' and a step table`);
      continue;
    }
    if (triggered) {
      ctx.error(no, `${subject}: the trigger is given twice`);
      continue;
    }
    triggered = true;
    ctx.at(`${path}.trigger`, no);
    const read = readTrigger(item.value);
    if (!read.ok) ctx.error(no, `${subject}: ${read.error}`);
    else trigger = read.value;
    triggerKnown = read.ok && !(read.value && ctx.unreadEntities.has(read.value.entity));
    if (!triggerKnown) ctx.mute(`${path}.trigger`);
  }
  if (!triggered) ctx.error(sub.no, `${subject} needs a trigger line: '- ${TRIGGER_KEY}: <Entity> created', '... updated', '... deleted', '<Entity> <field> = <value>' or 'manual'`);
  const workflow: SpecWorkflow = { name, ...(block.description && { description: block.description.text }), ...(trigger && { trigger }), steps: [] };
  const table = onlyTable(block, subject, ctx);
  if (!table) {
    ctx.error(sub.no, `${subject} needs a step table: ${renderRow(STEPS_HEADER)}`);
    ctx.mute(`${path}.steps`);
    return workflow;
  }
  if (!checkHeader(table, STEPS_HEADER, `${subject} steps`, ctx)) {
    ctx.mute(`${path}.steps`);
    return workflow;
  }
  const rows = splitRows(table, STEPS_HEADER.length, `${subject} steps`, ctx);
  for (const row of rows.good) {
    const [name, kind, details] = row.cells as [string, string, string];
    const step = readStep(name, kind, details);
    if (!step.ok) {
      ctx.error(row.no, `${subject}, step ${name}: ${step.error}`);
      continue;
    }
    const stepPath = `${path}.steps.${workflow.steps.length}`;
    ctx.at(stepPath, row.no);
    // A waitUntil field belongs to the triggering record: without a readable trigger it cannot be judged.
    if (!triggerKnown) ctx.mute(`${stepPath}.field`);
    workflow.steps.push(step.value);
  }
  if (workflow.steps.length === 0 && table.rows.length > 0) ctx.mute(`${path}.steps`);
  return workflow;
}
