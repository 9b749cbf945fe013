/**
 * The fixed words of the canonical spec format: section names and their order, table headers,
 * list-item keys and the tenancy lines. The parser, the renderer and the format guide all read
 * them from here, so the three cannot disagree on a header.
 */

export const SECTION_NAMES = ['Overview', 'Tenancy', 'Entities', 'Relations', 'Roles', 'Access', 'Workflows'] as const;
/** Sections a spec may leave out; when present they come after the required ones, in this order. */
export const OPTIONAL_SECTION_NAMES = ['Event handlers', 'Scheduled jobs', 'Rate limits', 'Open questions'] as const;
export const ALL_SECTION_NAMES = [...SECTION_NAMES, ...OPTIONAL_SECTION_NAMES] as const;
export type SectionName = (typeof ALL_SECTION_NAMES)[number];

/** Sections that may hold the single line `None.` (Entities: a draft that names no record type yet). */
export const NONE_SECTIONS: readonly SectionName[] = ['Entities', 'Relations', 'Access', 'Workflows'];
export const NONE_LINE = 'None.';

export const FIELD_HEADER = ['Field', 'Type', 'Required', 'Default', 'Allowed values', 'Notes'] as const;
export const RELATIONS_HEADER = ['Entity', 'Field', 'References', 'On delete'] as const;
export const ROLE_HEADER_FIRST = 'Role';
export const ACCESS_HEADER = ['Entity', 'Operation', 'Level'] as const;
export const STEPS_HEADER = ['Step', 'Kind', 'Details'] as const;
export const RATE_LIMITS_HEADER = ['Limit', 'Requests', 'Window'] as const;

export const MODE_KEY = 'Mode';
export const OWNER_KEY = 'Owner';
export const TRIGGER_KEY = 'Trigger';
/** `## Event handlers` and `## Scheduled jobs`: the items of a handler's or a job's part. */
export const EVENTS_SECTION = 'Event handlers' satisfies SectionName;
export const SCHEDULES_SECTION = 'Scheduled jobs' satisfies SectionName;
export const ON_KEY = 'On';
export const DO_KEY = 'Do';
export const RETRIES_KEY = 'Retries';
export const SCHEDULE_KEY = 'Schedule';
export const TIME_ZONE_KEY = 'Time zone';
export const RECORDS_KEY = 'Records';
/** The time zone of a job whose part has no `- Time zone:` line. */
export const DEFAULT_TIME_ZONE = 'UTC';
export const ADMIN_ROLE_KEY = 'Administrative role';
export const DEFAULT_ROLE_KEY = 'Default role';

export const SINGLE_TENANT_MODE = 'single-tenant';
export const MULTI_TENANT_MODE = "multi-tenant (each organization's data is isolated by org_id)";

/**
 * `## Open questions`: the phrases an author could not place, one quoted bullet each, after this
 * line. The parser keeps the bullets and reads nothing else of the section, so nothing in it
 * can change the spec's structure or make it fail.
 */
export const OPEN_QUESTIONS_SECTION = 'Open questions' satisfies SectionName;
/** ("What may finance do? (...)", "Who should receive '...'? (...)": the author's own question, not a phrase quoted from the user.) */
export const AUTHOR_QUESTION = /^(?:What|Who|Which|How|When|Should|Is|Are|Does|Do)\b[^\n]*\?(?:\s*\([^()]*\))?$/;
export const OPEN_QUESTIONS_INTRO = 'These phrases were not understood, or need an answer; they are ignored until they are rephrased or answered (in the chat):';
