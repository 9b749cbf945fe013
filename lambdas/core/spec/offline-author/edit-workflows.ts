/**
 * Chat edits that add a workflow (`When an order becomes shipped, wait 30 days and then archive
 * it`, `Send a reminder 24 hours before each confirmed booking`), or an event handler when what
 * follows the trigger waits for nothing (`When a deal is marked won, email the account owner`),
 * or remove one by name.
 */
import type { SpecDocument, SpecEventHandler, SpecWorkflow } from '../spec-model';
import { newStatusField } from './merge-field';
import { done, indexOf, listWords, type EditHandler } from './edit-context';
import { snakeCase } from '../../text/case';
import { readWorkflows } from '../author/workflow-reader';
import { shapeWorkflows } from '../author/workflow-branches';
import { splitEventHandlers } from '../author/event-handlers';
import { writeAction, writeTarget } from '../step-cells';

function describeWorkflow(w: SpecWorkflow): string {
  const t = w.trigger;
  const where = t?.where ? ` where ${t.where.map((c) => `${c.field} = ${c.value}`).join(' and ')}` : '';
  const when = !t ? 'started by hand' : `${t.field ? `when ${t.entity} ${t.field} = ${t.value}` : `when a ${t.entity} is ${t.event}`}${where}`;
  const steps = w.steps.map((s) => {
    const then = s.next ? ` -> ${writeTarget(s.next)}` : '';
    switch (s.kind) {
      case 'wait':
        return `wait ${s.duration}${then}`;
      case 'waitUntil':
        return `wait until ${s.via ? `${s.via}.` : ''}${s.field}${s.offset ? ` ${s.offset[0]} ${s.offset.slice(1)}` : ''}${then}`;
      case 'waitForEvent': {
        const branches = (s.on ?? []).map((b) => `${b.event} -> ${writeTarget(b.next)}`);
        const timeout = s.timeoutNext ? ` -> ${writeTarget(s.timeoutNext)}` : s.onTimeout ? `, then ${s.onTimeout}` : '';
        return `wait for ${s.events.join(' or ')} (${branches.length > 0 ? `${branches.join(', ')}; ` : ''}timeout ${s.timeout}${timeout})${then}`;
      }
      case 'waitForRecord':
        return `wait for ${s.change.kind === 'created' ? `a ${s.change.entity}` : `${s.change.field} = ${s.change.value}`} (timeout ${s.timeout}${s.timeoutNext ? ` -> ${writeTarget(s.timeoutNext)}` : ''})${then}`;
      case 'task':
        return `${s.name}${s.action ? ` (${writeAction(s.action)})` : ''}${s.retries !== undefined ? ` (retries ${s.retries})` : ''}${then}`;
    }
  });
  return `${when}: ${steps.join(', then ')}`;
}

function describeHandler(h: SpecEventHandler): string {
  const t = h.on;
  const where = t.where ? ` where ${t.where.map((c) => `${c.field} = ${c.value}`).join(' and ')}` : '';
  const when = t.field ? `when ${t.entity} ${t.field} = ${t.value}` : `when a ${t.entity} is ${t.event}`;
  return `${when}${where}: ${h.actions.map(writeAction).join(', then ')}`;
}

export const workflowEdit: EditHandler = (spec, sentence) => {
  if (!/^(?:when|whenever|once|as soon as|each time|every time|after)\b/i.test(sentence) && !/\b(?:before|after)\s+(?:each|every|the|a|an)\b/i.test(sentence)) return undefined;
  // The pipeline's workflow reader, as for a description.
  const result = readWorkflows([sentence], { index: indexOf(spec), entities: spec.entities });
  if (result.workflows.length === 0) return undefined;
  const added: string[] = [];
  const notes: string[] = [];
  for (const [entityName, values] of result.states) {
    const e = spec.entities.find((x) => x.name === entityName);
    if (!e || e.fields.some((f) => f.type === 'enum' && /^(?:status|state|stage|phase)$/.test(f.name))) continue;
    e.fields.push({ name: 'status', type: 'enum', required: true, values: [...values], default: values[0]! });
    notes.push(`${e.name} gains status (enum: ${values.join(', ')})`);
  }
  for (const t of result.triggerValues) {
    const e = spec.entities.find((x) => x.name === t.entity);
    if (!e) continue;
    const f = e.fields.find((x) => x.name === t.field);
    if (!f) {
      const field = newStatusField(t.field, t.value);
      e.fields.push(field);
      notes.push(`${e.name} gains ${t.field} (enum: ${field.values!.join(', ')})`);
    } else if (f.type === 'enum' && !f.values?.includes(t.value)) {
      f.values = [...(f.values ?? []), t.value];
      notes.push(`${e.name}.${f.name} gains the value ${t.value}`);
    }
  }
  // Branches and actions as for a description; a step phrase no action fits is asked about.
  const shaped = shapeWorkflows({ ...spec, workflows: result.workflows }, result.hints);
  for (const role of shaped.roles) {
    spec.roles.push(role);
    notes.push(`a role ${role.name} is added to receive its emails`);
  }
  if (shaped.openQuestions.length > 0) spec.openQuestions = [...(spec.openQuestions ?? []), ...shaped.openQuestions];
  // What waits for nothing is an event handler (author/event-handlers.ts).
  const split = splitEventHandlers(shaped.workflows, (spec.events ?? []).map((h) => h.name));
  if (split.events.length > 0) spec.events = [...(spec.events ?? []), ...split.events];
  for (const h of split.events) added.push(`${h.name} (an event handler: ${describeHandler(h)})`);
  const taken = new Set(spec.workflows.map((w) => w.name));
  for (const w of split.workflows) {
    let name = w.name;
    for (let n = 2; taken.has(name); n += 1) name = `${w.name}_${n}`;
    w.name = name;
    taken.add(name);
    spec.workflows.push(w);
    added.push(`${w.name} (${describeWorkflow(w)})`);
  }
  const what = split.workflows.length === 0 ? '' : split.events.length === 0 ? 'workflow ' : 'workflows and handlers ';
  return done(`Added ${what}${listWords(added)}.${notes.length > 0 ? ` ${notes.join('; ')}.` : ''}`);
};

export function removeWorkflow(spec: SpecDocument, phrase: string): string | undefined {
  const name = snakeCase(phrase.replace(/\s+workflow$/i, ''));
  const w = spec.workflows.find((x) => x.name === name);
  if (!w) return undefined;
  spec.workflows = spec.workflows.filter((x) => x !== w);
  return `Removed workflow ${w.name}.`;
}
