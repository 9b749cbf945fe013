/**
 * Chat edits that add a scheduled job ("Every night at 02:00 UTC, mark deals unchanged for 90
 * days as lost", "Every Monday at 08:00, email the admins a summary of new deals"), read as a
 * description's are (author/scheduled-jobs.ts), and that remove a handler or a job by name.
 * Handlers are added by the workflow edit (edit-workflows.ts): the same sentences, without a wait.
 */
import { readJob } from '../author/scheduled-jobs';
import { writeDo, writeRecordQuery } from '../event-cells';
import type { SpecDocument } from '../spec-model';
import { snakeCase } from '../../text/case';
import { done, indexOf, type EditHandler } from './edit-context';

export const scheduleEdit: EditHandler = (spec, sentence) => {
  const taken = new Set((spec.schedules ?? []).map((job) => job.name));
  const job = readJob(sentence, { index: indexOf(spec), entities: spec.entities, roles: spec.roles, adminRole: spec.adminRole }, taken);
  if (!job) return undefined;
  spec.schedules = [...(spec.schedules ?? []), job];
  const records = job.records ? `, on ${writeRecordQuery(job.records)}` : '';
  return done(`Added scheduled job ${job.name} (${job.expression}${job.timezone ? ` ${job.timezone}` : ''}${records}: ${job.actions.map(writeDo).join(', then ')}).`);
};

/** "Remove the weekly_deal_summary job", "Remove the on_deal_won handler": the summary, or undefined when none is named so. */
export function removeEventOrJob(spec: SpecDocument, phrase: string): string | undefined {
  const kind = /\bjob$/i.test(phrase) ? 'job' : 'handler';
  const name = snakeCase(phrase.replace(/\s+(?:scheduled\s+)?(?:job|handler|event handler)$/i, ''));
  if (kind === 'job') {
    if (!spec.schedules?.some((job) => job.name === name)) return undefined;
    const left = spec.schedules.filter((job) => job.name !== name);
    if (left.length > 0) spec.schedules = left;
    else delete spec.schedules;
    return `Removed scheduled job ${name}.`;
  }
  if (!spec.events?.some((handler) => handler.name === name)) return undefined;
  const left = spec.events.filter((handler) => handler.name !== name);
  if (left.length > 0) spec.events = left;
  else delete spec.events;
  return `Removed event handler ${name}.`;
}
