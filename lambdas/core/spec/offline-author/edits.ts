/**
 * editSpec: applies one chat message to a spec, with no language model. The message is read
 * sentence by sentence; each sentence goes to the first handler that understands it (tenancy,
 * scheduled jobs, workflows and event handlers, roles, record types, renames, required/unique, enum values, removals, public
 * access, ownership, types, new fields, rights, clearing the open questions). The input spec is
 * never mutated. The summary says what changed and quotes every sentence no handler took, asking
 * to rephrase it; when nothing is understood, the spec comes back unchanged with examples of the
 * edits understood (EDIT_HELP).
 */
import { EXAMPLE_FIRST_EDIT } from '../draft-summary';
import type { SpecDocument } from '../spec-model';
import { segment } from '../author/segment';
import { statementsOf } from '../author/statements';
import { normalizeInformal } from '../author/wording';
import { findEntity, findFields, findRole, listWords, refused, type EditHandler, type EditResult } from './edit-context';
import { ownershipEdit, publicEdit, removeRole, renameRole, rightsEdit, roleEdit } from './edit-access';
import { addEntityEdit, relationEdit, removeEntity, renameEntity } from './edit-entities';
import { addFieldEdit, enumValuesEdit, flagEdit, removeEnumValue, removeField, renameField, typeEdit } from './edit-fields';
import { tenancyEdit } from './edit-tenancy';
import { removeEventOrJob, scheduleEdit } from './edit-events';
import { removeWorkflow, workflowEdit } from './edit-workflows';
import { finishSpec } from './finish';
import { clone } from './text';

export interface EditOutcome {
  spec: SpecDocument;
  summary: string;
  understood: boolean;
}

export const EDIT_HELP = [
  'I could not turn that into a change, so the spec is unchanged. I understand edits such as:',
  '- add fields: "Add a delivery date to orders", "Add a labels field to orders, a list of strings", "Orders should also have a weight in kg"',
  '- remove or rename: "Remove the delivery date", "Rename headline to subject", "Rename the Order entity to Purchase"',
  '- required, optional, unique, types and values: "Make the email required", "Make the code unique", "Make the weight an integer", "Add urgent to urgency"',
  '- entities: "Add a Review entity: a review belongs to an order and has a body and an author", "Remove the Review entity"',
  '- roles and rights: "Viewers should not see invoices", "Clerks can delete orders", "Add an auditor role that can read everything", "Make clerk the default role"',
  '- access: "Anyone can read articles without logging in", "Make articles private", "Only the author of a review may edit or delete it", "Only admins can delete orders"',
  '- tenancy: "Make it multi-tenant", "Make it single-tenant"',
  '- workflows: "When an order becomes shipped, wait 30 days and then archive it", "Send a reminder 24 hours before each confirmed booking"',
  '- event handlers and scheduled jobs: "When an order is cancelled, email the owner", "Every night at 02:00 UTC, mark orders unchanged for 90 days as archived"',
].join('\n');

const REMOVE = /^(?:please\s+)?(?:remove|delete|drop|get rid of|take out|eliminate|we don't need|we do not need|no need for)\s+(?:the\s+|a\s+|an\s+|all\s+)?(.+?)(?:\s+(?:from|on|of|in)\s+(?:the\s+|all\s+)?(.+?))?$/i;
const RENAME = /^(?:please\s+)?(?:rename|call)\s+(?:the\s+)?(.+?)\s+(?:to|as|into)\s+(.+)$|^(?:please\s+)?change\s+the\s+name\s+of\s+(?:the\s+)?(.+?)\s+to\s+(.+)$|^(?:please\s+)?call\s+(?:the\s+)?(.+?)\s+(.+?)\s+instead$/i;

const removeEdit: EditHandler = (spec, sentence) => {
  const m = REMOVE.exec(sentence);
  if (!m) return undefined;
  const target = m[1]!.trim().replace(/\s+(?:entity|model|table)$/i, (x) => (findEntity(spec, m[1]!.trim()) ? x : ''));
  const from = m[2]?.trim();
  if (from) {
    const value = removeEnumValue(spec, target, from);
    if (value) return value;
  }
  if (/\brole$/i.test(target) || (!from && findRole(spec, target) && !findEntity(spec, target))) {
    const role = findRole(spec, target);
    if (role) return removeRole(spec, role);
  }
  if (/\b(?:job|handler)$/i.test(target)) {
    const removed = removeEventOrJob(spec, target);
    const names = [...(spec.events ?? []), ...(spec.schedules ?? [])].map((item) => item.name);
    return removed ? { summary: removed, changed: true } : refused(`There is no handler or job "${target}"; they are ${names.join(', ') || 'none'}.`);
  }
  if (/\bworkflow$/i.test(target)) {
    const removed = removeWorkflow(spec, target);
    return removed ? { summary: removed, changed: true } : refused(`There is no workflow "${target}"; workflows are ${spec.workflows.map((w) => w.name).join(', ') || 'none'}.`);
  }
  const entity = !from ? findEntity(spec, target) : undefined;
  if (entity) {
    if (spec.entities.length === 1) return refused(`${entity.name} is the only entity; a spec needs at least one to be built.`);
    return { summary: removeEntity(spec, entity), changed: true };
  }
  const fieldPhrase = target.replace(/\s+(?:field|column|attribute|property)s?$/i, '');
  const hits = findFields(spec, fieldPhrase, from);
  if (hits.length === 0) return refused(`I found no field or entity called "${fieldPhrase}"${from ? ` in ${from}` : ''}; nothing changed.`);
  if (hits.length > 1) return refused(`"${target}" names ${listWords(hits.map((h) => `${h.entity.name}.${h.field.name}`))}; say which one (e.g. "Remove the ${target} from ${hits[0]!.entity.name}").`);
  return { summary: removeField(spec, hits[0]!), changed: true };
};

const renameEdit: EditHandler = (spec, sentence) => {
  const m = RENAME.exec(sentence);
  if (!m) return undefined;
  const from = (m[1] ?? m[3] ?? m[5])!.trim();
  const to = (m[2] ?? m[4] ?? m[6])!.trim();
  if (/\brole$/i.test(from)) {
    const role = findRole(spec, from);
    if (role) return renameRole(spec, role, to);
  }
  const entity = /\bfield$/i.test(from) ? undefined : findEntity(spec, from);
  if (entity) return renameEntity(spec, entity, to);
  const hits = findFields(spec, from);
  if (hits.length === 1) {
    const before = hits[0]!.field.name;
    const summary = renameField(spec, hits[0]!, to);
    return { summary, changed: hits[0]!.field.name !== before };
  }
  if (hits.length > 1) return refused(`"${from}" names ${listWords(hits.map((h) => `${h.entity.name}.${h.field.name}`))}; say which one (e.g. "Rename the ${from} of ${hits[0]!.entity.name} to ${to}").`);
  const role = findRole(spec, from);
  if (role) return renameRole(spec, role, to);
  return undefined;
};

/** "Clear the open questions": the phrases an author could not place, once the user has dealt with them. */
const clearOpenQuestions: EditHandler = (spec, sentence) => {
  if (!/^(?:please\s+)?(?:clear|remove|delete|drop|forget)\s+(?:all\s+)?(?:the\s+)?open questions$/i.test(sentence)) return undefined;
  const count = spec.openQuestions?.length ?? 0;
  if (count === 0) return refused('The spec has no open questions.');
  delete spec.openQuestions;
  return { summary: `Cleared the ${count === 1 ? 'open question' : `${count} open questions`}.`, changed: true };
};

/** The spec's optional lists an edit may empty (and so leave out). */
const OPTIONAL_LISTS = ['openQuestions', 'events', 'schedules'] as const;

/** Order matters: the more specific wording first. */
const HANDLERS: EditHandler[] = [
  clearOpenQuestions,
  tenancyEdit,
  scheduleEdit,
  workflowEdit,
  roleEdit,
  addEntityEdit,
  relationEdit,
  renameEdit,
  flagEdit,
  enumValuesEdit,
  removeEdit,
  publicEdit,
  ownershipEdit,
  typeEdit,
  addFieldEdit,
  rightsEdit,
];

/**
 * "Clients on a retainer get a set number of episodes: add episodes per month to clients": why,
 * said before a colon, then the edit; only the edit is read (a label of a few words, "Clients: add
 * a phone", names what the edit is about and stays).
 */
const WHY_BEFORE_EDIT = /^(?![^:\n]*\b(?:add|make|remove|delete|rename)\b)(?=(?:[^:\s]+\s+){3})[^:\n]{3,160}:\s*(?=(?:please\s+)?(?:add|make|remove|delete|drop|rename|change|set|give|let|allow|mark)\b)/gim;

/** "Kites: add a colour": the label names the record type the field is added to. */
const LABEL_THEN_ADD = /^([A-Za-z][A-Za-z -]{1,40}?)\s*:\s*(?:please\s+)?add\s+(?![^.\n]*\bto\s+(?:the\s+|each\s+|every\s+|all\s+)?[a-z]+\b)([^.\n]+?)\.?$/gim;

export function editSpec(spec: SpecDocument, message: string): EditOutcome {
  const draft = clone(spec);
  const summaries: string[] = [];
  /** Sentences no handler took: said back to the user, never dropped silently. */
  const unplaced: string[] = [];
  let changed = false;
  const sentences = messageSentences((message ?? '').replace(WHY_BEFORE_EDIT, '').replace(LABEL_THEN_ADD, 'Add $2 to $1.'), draft).map((s) => s.replace(/^(?:and|also|then|ok|okay|please|now)[,\s]+/i, '').trim()).filter(Boolean);
  for (const sentence of sentences) {
    let result: EditResult | undefined;
    for (const handler of HANDLERS) {
      const attempt = clone(draft);
      result = handler(attempt, sentence);
      if (!result) continue;
      if (result.changed) {
        const finished = finishSpec(attempt);
        Object.assign(draft, finished);
        // finishSpec returns a new object: a key it dropped (the open questions just cleared, the last job removed) must go here too.
        for (const key of OPTIONAL_LISTS) if (finished[key] === undefined) delete draft[key];
        changed = true;
      }
      summaries.push(result.summary);
      break;
    }
    if (!result) unplaced.push(sentence);
  }
  // Nothing understood at all: the examples of what is (the message itself is what was not placed).
  const notPlaced = summaries.length > 0 ? notPlacedText(unplaced) : '';
  const paragraphs = (...parts: string[]) => parts.filter((part) => part !== '').join('\n\n');
  if (!changed) {
    return { spec: clone(spec), summary: paragraphs(summaries.join(' '), notPlaced, EDIT_HELP, spec.entities.length === 0 ? NO_ENTITY_YET : ''), understood: false };
  }
  return { spec: draft, summary: paragraphs(summaries.join(' '), notPlaced), understood: true };
}

/**
 * A message read as a description is: informal writing made plain, then its layout (bullets,
 * tables, "Entity: a, b" lines, user stories) into sentences. A field list a layout gives becomes
 * the sentence that adds it: to an existing record type, or as a new one.
 */
function messageSentences(message: string, spec: SpecDocument): string[] {
  const { statements, fieldLists } = statementsOf(segment(normalizeInformal(message)));
  const listed = fieldLists.map((list) => {
    const phrases = [...list.phrases.map((p) => p.text), ...list.rows.map((r) => [r.name, [r.type, r.rules].filter(Boolean).join(', ')].filter(Boolean).join(' (') + (r.type || r.rules ? ')' : ''))];
    const sentence = findEntity(spec, list.topic) ? `${list.topic} also have ${phrases.join(', ')}` : `Add a ${list.topic} entity with ${phrases.join(', ')}`;
    return { line: list.line, sentence };
  });
  return [...listed, ...statements.map((s) => ({ line: s.line, sentence: s.text }))].sort((a, b) => a.line - b.line).map((s) => s.sentence);
}

const NO_ENTITY_YET = `The spec has no record types yet; start with one, e.g. "${EXAMPLE_FIRST_EDIT}".`;

function notPlacedText(sentences: readonly string[]): string {
  if (sentences.length === 0) return '';
  const one = sentences.length === 1;
  return [
    `I could not place ${one ? 'this sentence' : 'these sentences'}, so ${one ? 'it' : 'they'} changed nothing; please rephrase ${one ? 'it' : 'them'}:`,
    ...sentences.map((sentence) => `- "${sentence}"`),
  ].join('\n');
}
