/**
 * The document as a whole: the title line, the sections in their canonical order (a missing one
 * reported where it belongs, a misplaced one at its heading), and each section handed to its
 * reader; a missing section mutes the checker on the model paths it fills.
 */
import { freeText, nonBlank, splitByHeading, type Line, type Section } from '../spec-blocks';
import { ALL_SECTION_NAMES, EVENTS_SECTION, OPEN_QUESTIONS_SECTION, OPTIONAL_SECTION_NAMES, SCHEDULES_SECTION, SECTION_NAMES, type SectionName } from '../spec-layout';
import { headingOf, sameWords } from '../spec-markdown';
import type { SpecDocument } from '../spec-model';
import { readAccess } from './access';
import type { ParseContext } from './context';
import { readEntities } from './entities';
import { readEventHandlers } from './events';
import { readOpenQuestions } from './open-questions';
import { readRateLimits } from './rate-limits';
import { readRelations } from './relations';
import { readRoles } from './roles';
import { readSchedules } from './schedules';
import { readTenancy } from './tenancy';
import { readWorkflows } from './workflows';

/** Which model paths each section fills: a missing section mutes the checker on them. */
const SECTION_PATHS: Record<SectionName, string[]> = {
  Overview: ['overview'],
  Tenancy: ['tenancy'],
  Entities: ['entities'],
  Relations: [],
  Roles: ['roles', 'adminRole', 'defaultRole'],
  Access: ['access'],
  Workflows: ['workflows'],
  'Event handlers': ['events'],
  'Scheduled jobs': ['schedules'],
  'Rate limits': ['rateLimits'],
  'Open questions': [],
};

export function readDocument(lines: Line[], ctx: ParseContext): SpecDocument {
  const title = readTitle(lines, ctx);
  const afterTitle = lines.filter((line) => line.no > title.no);
  for (const line of afterTitle) {
    if (headingOf(line.text)?.level === 1) ctx.error(line.no, "only the first line is a '# <project name>' heading; sections are '## Name'");
  }
  const { before, sections } = splitByHeading(afterTitle.filter((line) => headingOf(line.text)?.level !== 1), 2);
  const firstStray = nonBlank(before)[0];
  if (firstStray && sections.length > 0) ctx.error(firstStray.no, "unexpected text between the title and '## Overview'; the overview goes under '## Overview'");
  const found = orderSections(sections, nonBlank(lines).at(-1)?.no ?? 1, ctx);

  for (const name of ALL_SECTION_NAMES) {
    const section = found.get(name);
    if (!section) for (const path of SECTION_PATHS[name]) ctx.mute(path);
    else for (const path of SECTION_PATHS[name]) ctx.at(path, section.no);
  }
  const overview = found.has('Overview') ? freeText((found.get('Overview') as Section).body) : '';
  const tenancy = readTenancy(found.get('Tenancy'), ctx);
  // Without the entities, every reference to one would be reported as unknown: say it once. A
  // draft's empty section is read, though: rights on a record type it lacks are then an error.
  const { entities, read: entitiesKnown } = readEntities(found.get('Entities'), ctx);
  if (!entitiesKnown) ['roles', 'access', 'workflows', 'events', 'schedules'].forEach((path) => ctx.mute(path));
  readRelations(found.get('Relations'), entities, entitiesKnown, ctx);
  const roles = readRoles(found.get('Roles'), entities, entitiesKnown, ctx);
  const access = readAccess(found.get('Access'), ctx);
  const workflows = readWorkflows(found.get('Workflows'), ctx);
  const events = readEventHandlers(found.get(EVENTS_SECTION), ctx);
  const schedules = readSchedules(found.get(SCHEDULES_SECTION), ctx);
  const rateLimits = readRateLimits(found.get('Rate limits'), ctx);
  const openQuestions = readOpenQuestions(found.get(OPEN_QUESTIONS_SECTION));
  return {
    title: title.text,
    overview,
    tenancy,
    entities,
    roles: roles.roles,
    adminRole: roles.adminRole,
    defaultRole: roles.defaultRole,
    access,
    workflows,
    ...(events ? { events } : {}),
    ...(schedules ? { schedules } : {}),
    ...(rateLimits ? { rateLimits } : {}),
    ...(openQuestions ? { openQuestions } : {}),
  };
}

function readTitle(lines: Line[], ctx: ParseContext): { no: number; text: string } {
  const first = nonBlank(lines)[0];
  const heading = first && headingOf(first.text);
  if (!first || heading?.level !== 1 || heading.text === '') {
    ctx.error(first?.no ?? 1, "a spec starts with its title line '# <project name>'");
    ctx.mute('title');
    // A level-2 first line is a section, not a title: keep it for the section reader.
    return { no: first && heading?.level !== 2 ? first.no : 0, text: heading?.level === 1 ? heading.text : '' };
  }
  ctx.at('title', first.no);
  return { no: first.no, text: heading.text };
}

/**
 * Checks the sections against the canonical list and order, and returns the first occurrence of
 * each. A section that is missing is reported where it should have been; one that is present but
 * misplaced is reported at its own heading (once), and still read.
 */
function orderSections(sections: Section[], lastLine: number, ctx: ParseContext): Map<SectionName, Section> {
  const found = new Map<SectionName, Section>();
  const canonical = (section: Section) => ALL_SECTION_NAMES.find((name) => sameWords(name, section.heading.text));
  const present = new Set(sections.map(canonical).filter((name) => name !== undefined));
  const order = SECTION_NAMES.map((name) => `## ${name}`).join(', ');
  const after = (index: number) => (index === 0 ? 'the title' : `'## ${ALL_SECTION_NAMES[index - 1]}'`);
  if (sections.length === 0) {
    // Seven "expected section" errors would say less than this one.
    ctx.error(lastLine, `the spec has no sections; after the title come ${order}, in this order`);
    return found;
  }
  let expected = 0;
  const reportMissing = (upTo: number, line: number) => {
    for (let k = expected; k < upTo; k += 1) {
      const name = ALL_SECTION_NAMES[k] as SectionName;
      if (!present.has(name) && !(OPTIONAL_SECTION_NAMES as readonly string[]).includes(name)) ctx.error(line, `expected section '## ${name}' after ${after(k)} (the sections are ${order})`);
    }
  };
  for (const section of sections) {
    const name = canonical(section);
    if (!name) {
      ctx.error(section.no, `unknown section '## ${section.heading.text}' (the sections are ${order})`);
      continue;
    }
    const previous = found.get(name);
    if (previous) {
      ctx.error(section.no, `section '## ${name}' appears twice (first at line ${previous.no})`);
      continue;
    }
    found.set(name, section);
    const index = ALL_SECTION_NAMES.indexOf(name);
    if (index < expected) {
      ctx.error(section.no, `section '## ${name}' is out of order: it belongs after ${after(index)} (the sections are ${order})`);
      continue;
    }
    reportMissing(index, section.no);
    expected = index + 1;
  }
  reportMissing(ALL_SECTION_NAMES.length, lastLine);
  return found;
}
