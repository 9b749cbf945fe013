/**
 * Writes a SpecDocument as canonical Markdown: the one text parse-spec/ reads back into the
 * same document. Order is the document's own (entities, fields, roles, rules, workflows, steps);
 * nothing is sorted, so an author's order survives. Pure: same document, same bytes.
 */
import { refTarget, parseFieldType } from './field-type';
import { writeNotes, writeNumber, writeRange, writeRateLimitName, writeRights, writeTrigger, writeWindow, writeYesNo } from './spec-cells';
import { writeDo, writeRecordQuery, writeRetry } from './event-cells';
import { writeStepDetails } from './step-cells';
import {
  ACCESS_HEADER,
  ADMIN_ROLE_KEY,
  DEFAULT_ROLE_KEY,
  DO_KEY,
  EVENTS_SECTION,
  FIELD_HEADER,
  MODE_KEY,
  MULTI_TENANT_MODE,
  NONE_LINE,
  AUTHOR_QUESTION,
  OPEN_QUESTIONS_INTRO,
  OPEN_QUESTIONS_SECTION,
  ON_KEY,
  OWNER_KEY,
  RATE_LIMITS_HEADER,
  RECORDS_KEY,
  RELATIONS_HEADER,
  RETRIES_KEY,
  ROLE_HEADER_FIRST,
  SCHEDULE_KEY,
  SCHEDULES_SECTION,
  SINGLE_TENANT_MODE,
  STEPS_HEADER,
  TIME_ZONE_KEY,
  TRIGGER_KEY,
} from './spec-layout';
import { renderTable } from './spec-markdown';
import type { SpecDocument, SpecEntity, SpecEventHandler, SpecField, SpecRetry, SpecSchedule, SpecTaskAction, SpecWorkflow } from './spec-model';

/** Blocks are separated by one blank line; the text ends with exactly one newline. */
export function renderSpec(spec: SpecDocument): string {
  const blocks: string[][] = [
    [`# ${spec.title}`],
    ['## Overview'],
    ...(spec.overview === '' ? [] : [[spec.overview]]),
    ['## Tenancy'],
    [`- ${MODE_KEY}: ${spec.tenancy === 'multi' ? MULTI_TENANT_MODE : SINGLE_TENANT_MODE}`],
    ['## Entities'],
    ...(spec.entities.length === 0 ? [[NONE_LINE]] : spec.entities.flatMap(entityBlocks)),
    ['## Relations'],
    relationsBlock(spec.entities),
    ['## Roles'],
    ...rolesBlocks(spec),
    ['## Access'],
    spec.access.length === 0 ? [NONE_LINE] : renderTable(ACCESS_HEADER, spec.access.map((rule) => [rule.entity, rule.operation, rule.level])),
    ['## Workflows'],
    ...(spec.workflows.length === 0 ? [[NONE_LINE]] : spec.workflows.flatMap(workflowBlocks)),
    ...(spec.events === undefined || spec.events.length === 0 ? [] : [[`## ${EVENTS_SECTION}`], ...spec.events.flatMap(handlerBlocks)]),
    ...(spec.schedules === undefined || spec.schedules.length === 0 ? [] : [[`## ${SCHEDULES_SECTION}`], ...spec.schedules.flatMap(scheduleBlocks)]),
    ...(spec.rateLimits === undefined || spec.rateLimits.length === 0
      ? []
      : [['## Rate limits'], renderTable(RATE_LIMITS_HEADER, spec.rateLimits.map((row) => [writeRateLimitName(row.limit), String(row.requests), writeWindow(row.windowSeconds)]))]),
    ...openQuestionsBlocks(spec.openQuestions ?? []),
  ];
  return `${blocks.map((lines) => lines.join('\n')).join('\n\n')}\n`;
}

/** Last, so a reader meets the structure first; each phrase on one line, quoted as the user wrote it (the author's own questions unquoted). */
function openQuestionsBlocks(phrases: readonly string[]): string[][] {
  const lines = phrases.map(oneLine).filter((phrase) => phrase !== '');
  return lines.length === 0 ? [] : [[`## ${OPEN_QUESTIONS_SECTION}`], [OPEN_QUESTIONS_INTRO], lines.map((phrase) => (AUTHOR_QUESTION.test(phrase) ? `- ${phrase}` : `- "${phrase}"`))];
}

/** A phrase may span lines in the user's text; a bullet holds one line. */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

function entityBlocks(entity: SpecEntity): string[][] {
  return [
    [`### ${entity.name}`],
    ...(entity.description === undefined || entity.description === '' ? [] : [[entity.description]]),
    renderTable(FIELD_HEADER, entity.fields.map(fieldCells)),
    ...(entity.ownerField === undefined ? [] : [[`- ${OWNER_KEY}: ${entity.ownerField}`]]),
  ];
}

function fieldCells(field: SpecField): string[] {
  return [field.name, field.type, writeYesNo(field.required), defaultCell(field.default), allowedCell(field), writeNotes({ unique: field.unique, maxBytes: field.file?.maxBytes, text: field.notes })];
}

function defaultCell(value: SpecField['default']): string {
  if (value === undefined) return '';
  if (typeof value === 'number') return writeNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return value;
}

/** Enum values, a file's content types, or a range: a valid field has at most one of them. */
function allowedCell(field: SpecField): string {
  if (field.values !== undefined) return field.values.join(', ');
  if (field.file !== undefined && field.file.contentTypes.length > 0) return field.file.contentTypes.join(', ');
  return writeRange({ min: field.min, max: field.max });
}

function relationsBlock(entities: SpecEntity[]): string[] {
  const rows = entities.flatMap((entity) =>
    entity.fields.flatMap((field) => (field.onDelete === undefined ? [] : [[entity.name, field.name, refTarget(parseFieldType(field.type)) ?? '', field.onDelete]])),
  );
  return rows.length === 0 ? [NONE_LINE] : renderTable(RELATIONS_HEADER, rows);
}

function rolesBlocks(spec: SpecDocument): string[][] {
  const entityNames = spec.entities.map((entity) => entity.name);
  const table = renderTable(
    [ROLE_HEADER_FIRST, ...entityNames],
    spec.roles.map((role) => [role.name, ...entityNames.map((name) => writeRights(role.rights[name] ?? {}))]),
  );
  const items = [
    `- ${ADMIN_ROLE_KEY}: ${spec.adminRole}`,
    `- ${DEFAULT_ROLE_KEY}: ${spec.defaultRole}`,
    ...spec.roles.flatMap((role) => (role.description === undefined || role.description === '' ? [] : [`- ${role.name}: ${role.description}`])),
  ];
  return [table, items];
}

function workflowBlocks(workflow: SpecWorkflow): string[][] {
  return [
    [`### ${workflow.name}`],
    ...(workflow.description === undefined || workflow.description === '' ? [] : [[workflow.description]]),
    [`- ${TRIGGER_KEY}: ${writeTrigger(workflow.trigger)}`],
    renderTable(STEPS_HEADER, workflow.steps.map((step) => [step.name, step.kind, writeStepDetails(step)])),
  ];
}

function handlerBlocks(handler: SpecEventHandler): string[][] {
  return [
    [`### ${handler.name}`],
    ...(handler.description === undefined || handler.description === '' ? [] : [[handler.description]]),
    [`- ${ON_KEY}: ${writeTrigger(handler.on)}`, ...actionLines(handler.actions, handler.retry)],
  ];
}

function scheduleBlocks(job: SpecSchedule): string[][] {
  return [
    [`### ${job.name}`],
    ...(job.description === undefined || job.description === '' ? [] : [[job.description]]),
    [
      `- ${SCHEDULE_KEY}: ${job.expression}`,
      ...(job.timezone === undefined ? [] : [`- ${TIME_ZONE_KEY}: ${job.timezone}`]),
      ...(job.records === undefined ? [] : [`- ${RECORDS_KEY}: ${writeRecordQuery(job.records)}`]),
      ...actionLines(job.actions, job.retry),
    ],
  ];
}

const actionLines = (actions: readonly SpecTaskAction[], retry: SpecRetry | undefined): string[] => [
  ...actions.map((action) => `- ${DO_KEY}: ${writeDo(action)}`),
  ...(retry === undefined ? [] : [`- ${RETRIES_KEY}: ${writeRetry(retry)}`]),
];
