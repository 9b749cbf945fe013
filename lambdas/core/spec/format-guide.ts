/**
 * The guide to the canonical spec format, for people and for language models (it is the heart of
 * the spec author's instructions). Built here from the same constants the parser uses and from
 * EXAMPLE_SPEC rendered by renderSpec, so neither the rules nor the example can drift from what
 * the parser accepts. templates/spec-format.md is this guide as a file, written by
 * SPEC_FORMAT_WRITE_COMMAND and checked against specFormatTemplate() by test/unit/spec-render.test.ts.
 *
 * The guide has no `#` title of its own, so it can be embedded under the caller's heading;
 * SPEC_FORMAT_GUIDE_TITLE is the title the template file uses.
 */
import { TYPE_CHOICES } from './field-type';
import { STEP_KINDS, writeRateLimitName } from './spec-cells';
import { AUTH_RATE_LIMIT_CATEGORIES, rulesText, subjectText } from '../blueprint/auth-rate-limits';
import { AUTH_RATE_CATEGORIES, DEFAULT_EVENT_BACKOFF_SECONDS, DEFAULT_EVENT_RETRIES, IrRetryPolicy } from '../blueprint/ir';
import { renderSpec } from './render-spec';
import { EXAMPLE_SPEC } from './spec-example';
import {
  ACCESS_HEADER,
  ADMIN_ROLE_KEY,
  DEFAULT_ROLE_KEY,
  DEFAULT_TIME_ZONE,
  DO_KEY,
  EVENTS_SECTION,
  FIELD_HEADER,
  MULTI_TENANT_MODE,
  NONE_LINE,
  NONE_SECTIONS,
  ON_KEY,
  OPEN_QUESTIONS_INTRO,
  OPEN_QUESTIONS_SECTION,
  OPTIONAL_SECTION_NAMES,
  RATE_LIMITS_HEADER,
  RECORDS_KEY,
  RELATIONS_HEADER,
  RETRIES_KEY,
  SCHEDULE_KEY,
  SCHEDULES_SECTION,
  SECTION_NAMES,
  SINGLE_TENANT_MODE,
  STEPS_HEADER,
  TIME_ZONE_KEY,
} from './spec-layout';
import { renderTable } from './spec-markdown';
import { ACCESS_LEVELS, OPERATIONS, SERVER_FIELD_NAMES } from '../vocabulary';

export const SPEC_FORMAT_GUIDE_TITLE = 'The canonical spec format';

const code = (text: string) => `\`${text}\``;
const tableHead = (header: readonly string[]) => renderTable(header, []).join('\n');

const TYPES = renderTable(
  ['Type', 'Holds', 'Allowed values'],
  [
    ['string', 'short text (a name, a code)', 'optional length range, e.g. 3..120'],
    ['text', 'long text', 'optional length range'],
    ['integer', 'whole number', 'optional range, e.g. 1..5, 0.. or ..100'],
    ['number', 'decimal number', 'optional range, e.g. 0..9999.99'],
    ['boolean', 'true or false', 'empty'],
    ['date', 'a day, 2025-01-31', 'empty'],
    ['datetime', 'an instant, 2025-01-31T09:00:00Z', 'empty'],
    ['email', 'an email address', 'empty'],
    ['url', 'a web address', 'empty'],
    ['enum', 'one of a fixed list of values', 'the values, comma-separated (required)'],
    ['file', 'an uploaded file', 'the content types, e.g. application/pdf, image/* (required)'],
    ['ref(Entity)', 'the id of a record of Entity, or of a member with ref(User)', 'empty'],
    ['list(type)', 'a list of a type above (not file, not list), e.g. list(string), list(enum), list(ref(Tag))', 'list(enum): the values; other lists: optional length range'],
  ],
);

const ROLE_CELLS = renderTable(
  ['Cell', 'Means'],
  [
    ['-', 'no rights on that entity'],
    ['crud', 'create, read, update and delete every record (of the organization)'],
    ['cru', 'create, read and update; no delete'],
    ['r', 'read only'],
    ['c, r:own, u:own', 'create; read and update only the records the user owns'],
  ],
);

const STEP_DETAILS = renderTable(
  ['Kind', 'Details', 'Example'],
  [
    ['wait', 'an ISO 8601 duration', 'P30D'],
    ['waitUntil', "a date or datetime field of the triggering record, optionally shifted by a duration; '<reference field>.<field>' takes it from the record the reference points at", 'due_at - PT1H, course_id.starts_at - P1D'],
    ['waitForEvent', "events, each optionally with '-> <target>', and a timeout, optionally with '-> <target>'", 'events: approved -> pay, rejected -> end rejected; timeout: P7D -> escalate'],
    ['waitForRecord', "'record: <Entity> created (<its reference to this record>)' or 'record: <field> = <value>' (of the triggering record), and a timeout, optionally with '-> <target>'", 'record: Reply created (ticket_id); timeout: PT4H -> page_on_call; then: end replied'],
    ['task', "optionally retries (0 to 20), a backoff before the first retry and an action", 'retries: 3; backoff: PT1M; action: call payment'],
  ],
);

const TASK_ACTIONS = renderTable(
  ['Action', 'Does', 'Example'],
  [
    ['update <field> = <value>, ...', 'sets fields of the triggering record (null clears one)', 'action: update status = rejected'],
    ['create <Entity> (<field> = <value>, <field> from <field>, ...)', "creates a record; 'from' copies a field of the triggering record, 'from id' its id", 'action: create Invoice (amount from amount, report_id from id, status = draft)'],
    ['notify role <role>: <subject>', 'emails every member with the role (of the organization)', 'action: notify role finance: Expense report waiting for a decision'],
    ['notify <reference field>: <subject>', 'emails the member the field of the triggering record names', 'action: notify assignee_id: Ticket due in an hour'],
    ['notify owner: <subject>', "emails the triggering record's owner", 'action: notify owner: Your report was rejected'],
    ['call <endpoint>', "calls the outgoing endpoint of that name, whose address the project's owner sets", 'action: call payment'],
    ['start <workflow>', 'starts another workflow with the same record', 'action: start onboarding'],
  ],
);

const RATE_LIMITS = renderTable(
  ['Limit', 'Counts', 'Default'],
  AUTH_RATE_CATEGORIES.map((name) => {
    const info = AUTH_RATE_LIMIT_CATEGORIES[name];
    return [writeRateLimitName(name), `${info.counts} ${subjectText(info.per)}`, rulesText(info.defaults)];
  }),
);

function guide(): string {
  const sections = SECTION_NAMES.map((name, i) => `${i + 1}. ${code(`## ${name}`)}`).join('\n');
  return `A BGS spec is a Markdown document in one fixed shape. A deterministic parser reads it into the
project's data model, roles, access rules and workflows, and refuses anything outside the shape
with the line and the reason. Write exactly the sections, tables and items below; free prose
belongs only in the overview and in descriptions.

## Layout

The first line is ${code('# <project name>')}. Then these sections, every one present, in this order:

${sections}

Optionally, after them: ${OPTIONAL_SECTION_NAMES.map((name) => code(`## ${name}`)).join(', ')}.

${NONE_SECTIONS.map((name) => code(`## ${name}`)).join(', ')} hold the single line ${code(NONE_LINE)} when
they are empty. Every table has its header row, then a ${code('|---|')} separator row, then one row per
item. Write a ${code('|')} inside a table cell as ${code('\\|')}.

## Overview

Free prose about the project, kept verbatim; several paragraphs are fine. It may not contain
${code('#')} or ${code('##')} headings.

## Tenancy

One line, either ${code(`- Mode: ${SINGLE_TENANT_MODE}`)} (one shared space: the first user to sign up is
the administrator, later users get the default role) or ${code(`- Mode: ${MULTI_TENANT_MODE}`)}
(every organization has its own data; its founder is its administrator). A single-tenant spec
never mentions org_id or multi-tenancy anywhere, not even in prose.

## Entities

One part per entity: ${code('### EntityName')} (singular PascalCase, e.g. ${code('ExpenseReport')}), an optional
description (plain prose: no headings, no tables), then the field table with exactly this header:

${tableHead(FIELD_HEADER)}

- Field: snake_case (${code('due_date')}). Never declare the fields the server adds to every record:
  ${SERVER_FIELD_NAMES.join(', ')}.
- Type: ${TYPE_CHOICES}. ${code('User')} is the built-in entity of every project (its members):
  reference it with ${code('ref(User)')}, never declare it.
- Required: yes or no.
- Default: empty, or a value of the field's type: a number for integer and number, true or false
  for boolean, one of the values for enum, 2025-01-31 for date, 2025-01-31T09:00:00Z for datetime.
  ref, list and file fields take no default. A default must fit the field's range.
- Allowed values, by type:

${TYPES.join('\n')}

  A range is ${code('min..max')} and either side may be left open (${code('0..')}, ${code('..100')}).
- Notes: comma-separated; ${code('unique')} (no two records share the value; not for boolean, list or
  file fields) and ${code('max 10 MB')} (a file's size limit, required for file fields; KB, MB, GB are
  binary: 10 MB = 10485760 bytes) are read by the parser; anything else is kept as a note.
- After the table, optionally ${code('- Owner: <field>')}: the ref(User) field holding the user who
  owns a record (e.g. the customer of a ticket an agent opened for them). Without it, a record's
  owner is its creator (the server's owner_id).

A description that names no kind of record gives a draft whose ${code('## Entities')} holds ${code(NONE_LINE)}
(and whose roles table has only its Role column): it parses, but it cannot be applied or built
until an entity is added. Never invent a placeholder entity.

## Relations

${tableHead(RELATIONS_HEADER)}

One row per ref field whose delete behaviour you choose; References is the entity the field
points at. On delete: ${code('restrict')} (the default for a ref field without a row: deleting a referenced
record fails while references exist), ${code('cascade')} (delete the referencing records too) or
${code('set_null')} (clear the reference; only for optional fields).

## Roles

A matrix with a first column ${code('Role')} and then one column per entity, every entity of the spec in
order; one row per role (snake_case). Each cell is:

${ROLE_CELLS.join('\n')}

Rights letters: c create, r read, u update, d delete; ${code(':own')} limits the letter to the records
the user owns. After the table:

- ${code(`- ${ADMIN_ROLE_KEY}: <role>`)}: the role with every right (its row is crud on every entity).
- ${code(`- ${DEFAULT_ROLE_KEY}: <role>`)}: the role later users and invited users get.
- optionally ${code('- <role>: <description>')} for any role, one line each.

## Access

${tableHead(ACCESS_HEADER)}

Every endpoint's level is ${code('authenticated')} (any signed-in member) unless a row says otherwise;
list the rows that differ (a row may also state the default explicitly). Operation: ${OPERATIONS.join(', ')}. Level: ${ACCESS_LEVELS.join(', ')}
(public: no sign-in needed; owner: only the record's owner, not for create; admin: only the
administrative role). A request also needs the role's right for the operation.

## Workflows

One part per workflow: ${code('### workflow_name')} (snake_case), an optional description (plain
prose), then the trigger line and the step table:

- ${code('- Trigger: <Entity> created')}, ${code('<Entity> updated')}, ${code('<Entity> deleted')},
  ${code('<Entity> <field> = <value>')} (when an update sets the field to the value, e.g.
  ${code('Ticket status = resolved')}) or ${code('manual')} (started through the API only). A record
  trigger may end with conditions the record must meet: ${code('Ticket created where severity = sev1')},
  several joined with ${code('and')}.
- The step table, one row per step, in the order they run:

${tableHead(STEPS_HEADER)}

Step names are snake_case and unique within the workflow. Kind is one of ${STEP_KINDS.join(', ')}.
Details are items separated by ';':

${STEP_DETAILS.join('\n')}

Each step leads to the next row when it is done; the last one ends the workflow. To go elsewhere,
add ${code('then: <target>')} to any step, and ${code('-> <target>')} after an event or a timeout. A target
is a step name, ${code('end')} or ${code('end <outcome>')} (e.g. ${code('end rejected')}); an event without an
arrow goes where ${code('then')} says. Steps that lead back to each other need a wait among them.
(${code('on timeout: <outcome>')} after a timeout is the older way to write ${code('-> end <outcome>')}.)

A task's ${code('action: ...')} is one of the following; with notify, an optional ${code('message: <text>')} item
gives the email's text (else it is the subject). Without an action, a task calls the outgoing
endpoint named like the task. Values and subjects hold no ';'.

${TASK_ACTIONS.join('\n')}

Durations are ISO 8601: P7D (7 days), PT24H (24 hours), PT30M, P1M (a month). Event and outcome
names are snake_case.

## ${EVENTS_SECTION}

Optional. One rule tells an event handler from a workflow: a "when X, do Y" with no wait and no
signal (email someone, set a field, create a record, call an endpoint the moment a record
changes) is an event handler; anything that waits (a delay, a deadline, a reminder before a
date) or takes a signal (an approval, a reply) is a workflow.

One part per handler: ${code('### handler_name')} (snake_case), an optional description, then:

- ${code(`- ${ON_KEY}: <trigger>`)}: as a workflow's trigger line (not manual): ${code('Deal created')},
  ${code('Deal stage = won')}, ${code('Ticket created where severity = sev1')}, ${code('Deal deleted')}.
- ${code(`- ${DO_KEY}: <action>`)}, one line per action, run in order on the changed record: a task's action
  (the table above, without ${code('action:')}); a notify may end with ${code('; message: <text>')}.
- Optionally ${code(`- ${RETRIES_KEY}: <n>`)} or ${code(`<n>, backoff <duration>`)}: how often a failed run is tried
  again (0 to ${IrRetryPolicy.shape.retries.maxValue}; default ${DEFAULT_EVENT_RETRIES}, the first after ${DEFAULT_EVENT_BACKOFF_SECONDS} seconds, each next delay doubled), after
  which the run is kept for an administrator.

## ${SCHEDULES_SECTION}

Optional. One part per job: ${code('### job_name')} (snake_case), an optional description, then:

- ${code(`- ${SCHEDULE_KEY}: cron(<minutes> <hours> <day-of-month> <month> <day-of-week> <year>)`)} or
  ${code('rate(<n> minute|minutes|hour|hours|day|days)')}, as AWS EventBridge Scheduler writes them: one of
  day-of-month and day-of-week is ${code('?')}, day-of-week is 1-7 (SUN-SAT) or SUN..SAT. ${code('cron(0 2 * * ? *)')}
  is every night at 02:00, ${code('cron(0 8 ? * MON *)')} every Monday at 08:00, ${code('cron(0 0 1 * ? *)')} the first
  of each month, ${code('rate(1 hour)')} every hour. A schedule that never occurs (${code('cron(0 0 31 2 ? *)')}) or more
  often than once a minute is refused when the blueprint is generated.
- Optionally ${code(`- ${TIME_ZONE_KEY}: <IANA time zone>`)} the cron is read in (${code('Europe/Berlin')}); default ${DEFAULT_TIME_ZONE}.
- Optionally ${code(`- ${RECORDS_KEY}: <Entity> where <condition> and ...`)}: the records the actions run on, one
  by one (a ${code('notify role')} sends one email listing them). A condition is ${code('<field> = <value>')} on an enum,
  a reference, a boolean or a unique field (read through an index), or an age:
  ${code('created_at older than <duration>')}, ${code('updated_at within <duration>')}. E.g.
  ${code('Deal where stage = open and updated_at older than P90D')}.
- ${code(`- ${DO_KEY}: <action>`)} lines and an optional ${code(`- ${RETRIES_KEY}:`)}, as for handlers. Without records a job
  has no record, so it may only create records from constants, notify a role, call an endpoint
  or start a workflow.

In a multi-tenant project a job runs once per organization, on that organization's records, and
a role means that organization's members with the role.

## Rate limits

Optional: leave it out to keep the defaults, and write it only when the description asks for
other limits on signing up or signing in. One table, one row per window:

${tableHead(RATE_LIMITS_HEADER)}

A limit may have up to 3 windows (each one applies), e.g. two rows \`signup | 20 | minute\` and
\`signup | 200 | hour\`; limits without a row keep their defaults. Requests: a whole number from 1
to 1000000. Window: a number and a unit, up to a day: \`30 seconds\`, \`minute\`, \`15 minutes\`,
\`hour\`, \`day\`. The limits:

${RATE_LIMITS.join('\n')}

## ${OPEN_QUESTIONS_SECTION}

Optional, always last: the phrases of the description (or of a chat message) that could not be
placed in the spec, for the user to rephrase. First the line

${OPEN_QUESTIONS_INTRO}

then one bullet per phrase, quoted: ${code('- "fast and simple"')}; a question of the author's own is
written as asked, unquoted: ${code("- Who should receive 'remind everyone'? (...)")}. The parser keeps the bullets and
ignores everything else in the section; nothing in it changes the spec. Leave the section out
when every part of the text was understood.

## Complete example

\`\`\`markdown
${renderSpec(EXAMPLE_SPEC).trimEnd()}
\`\`\`
`;
}

export const SPEC_FORMAT_GUIDE: string = guide();

/** The command that writes templates/spec-format.md from specFormatTemplate(). */
export const SPEC_FORMAT_WRITE_COMMAND = 'npx tsx templates/write-spec-format.ts';

/** The header line of generated files, so nobody edits them by hand. */
export const GENERATED_MARKER = `<!-- generated by BGS: ${SPEC_FORMAT_WRITE_COMMAND} -->`;

/** templates/spec-format.md: the guide as a stand-alone document. */
export function specFormatTemplate(): string {
  return `${GENERATED_MARKER}\n# ${SPEC_FORMAT_GUIDE_TITLE}\n\n${SPEC_FORMAT_GUIDE}`;
}
