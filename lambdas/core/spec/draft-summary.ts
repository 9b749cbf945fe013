/**
 * describeDraft: what a spec written from a description holds, as the assistant's first message
 * of the project's conversation. It states what was understood (record types with their field
 * counts, roles, tenancy, workflows), lists the phrases the author could not place (the spec's
 * open questions) and asks for them to be rephrased; a draft without any record type says so
 * plainly, with a description the author does understand. Pure: the same spec, the same text.
 * Every author returns it, so the message is the same whoever wrote the spec.
 */
import { countOf } from '../text/english';
import { writeTrigger } from './spec-cells';
import { AUTHOR_QUESTION, OPEN_QUESTIONS_SECTION } from './spec-layout';
import type { SpecDocument } from './spec-model';

/** A description the authors understand, offered when the user's gave no record type. */
export const EXAMPLE_DESCRIPTION =
  'A task has a title, a due date and a status (open, in progress or done). Admins can do everything; members can read and create tasks.';

/** The first chat edit that makes an entity-less draft buildable. */
export const EXAMPLE_FIRST_EDIT = 'Add a Task entity with a title and a due date';

export function describeDraft(spec: SpecDocument): string {
  const questions = spec.openQuestions ?? [];
  const parts = [spec.entities.length === 0 ? nothingRecognised() : understood(spec)];
  if (questions.length > 0) parts.push(notPlaced(questions));
  return parts.join('\n\n');
}

function understood(spec: SpecDocument): string {
  const entities = spec.entities.map((entity) => `${entity.name} (${countOf(entity.fields.length, 'field')})`);
  const roles = spec.roles.map((role) => role.name + roleMark(spec, role.name));
  const workflows = spec.workflows.map((workflow) => `${workflow.name} (${writeTrigger(workflow.trigger)})`);
  return [
    'I wrote a first draft of the spec from your description. I understood:',
    `- record types: ${entities.join(', ')}`,
    `- roles: ${roles.join(', ')}`,
    `- tenancy: ${spec.tenancy === 'multi' ? "multi-tenant (each organization's data is kept apart)" : 'single-tenant (one shared space)'}`,
    `- workflows: ${workflows.length === 0 ? 'none' : workflows.join(', ')}`,
    // Only when there are some: a draft without them reads as it always did.
    ...(spec.events?.length ? [`- event handlers: ${spec.events.map((handler) => `${handler.name} (${writeTrigger(handler.on)})`).join(', ')}`] : []),
    ...(spec.schedules?.length ? [`- scheduled jobs: ${spec.schedules.map((job) => `${job.name} (${job.expression}${job.timezone ? ` ${job.timezone}` : ''})`).join(', ')}`] : []),
    'Review it, then ask for changes in the chat.',
  ].join('\n');
}

function roleMark(spec: SpecDocument, role: string): string {
  const marks = [...(role === spec.adminRole ? ['administrator'] : []), ...(role === spec.defaultRole ? ['default'] : [])];
  return marks.length === 0 ? '' : ` (${marks.join(', ')})`;
}

function nothingRecognised(): string {
  return [
    'I did not recognise any kind of record in your description, so the spec has no record types yet and nothing can be built from it.',
    `Add one in the chat, for example "${EXAMPLE_FIRST_EDIT}", or describe the records to keep and their details, for example: "${EXAMPLE_DESCRIPTION}"`,
  ].join('\n');
}

function notPlaced(all: readonly string[]): string {
  const phrases = all.filter((phrase) => !AUTHOR_QUESTION.test(phrase));
  const questions = all.filter((phrase) => AUTHOR_QUESTION.test(phrase));
  return [
    ...(phrases.length > 0
      ? [
          `I could not place ${phrases.length === 1 ? 'this phrase' : 'these phrases'}, so the spec ignores ${phrases.length === 1 ? 'it' : 'them'} for now (listed under "${OPEN_QUESTIONS_SECTION}"):`,
          ...phrases.map((phrase) => `- "${phrase}"`),
          `Please rephrase ${phrases.length === 1 ? 'it' : 'them'} in the chat, one change per sentence.`,
        ]
      : []),
    ...(questions.length > 0 ? [`${phrases.length > 0 ? 'And I need' : 'I need'} an answer to ${questions.length === 1 ? 'this question' : 'these questions'} (also under "${OPEN_QUESTIONS_SECTION}"):`, ...questions.map((question) => `- ${question}`)] : []),
  ].join('\n');
}
