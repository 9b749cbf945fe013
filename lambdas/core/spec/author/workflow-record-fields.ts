/**
 * The fields of a record a workflow reads: its status (what a trigger reaches) and the date or
 * time a wait is relative to ("the wedding date", "it ends", "1 day before pickup date").
 */
import type { SpecEntity } from '../spec-model';
import { snakeCase } from '../../text/case';
import type { WorkflowContext } from './workflow-reader';

type SpecField = SpecEntity['fields'][number];

/** The record's status field: the enum a trigger's state is a value of. */
export function statusFieldOf(entity: SpecEntity | undefined): SpecField | undefined {
  return entity?.fields.find((f) => f.type === 'enum' && /^(?:status|state|stage|phase)$/.test(f.name));
}

/** The date or time field of a record a phrase points at ("the wedding date", "it ends", "starts"). */
export function dateField(entity: string, hint: string[], ctx: WorkflowContext): string | undefined {
  const fields = (ctx.entities.find((e) => e.name === entity)?.fields ?? []).filter((f) => f.type === 'date' || f.type === 'datetime');
  const stems = hint.map((w) => w.replace(/s$/, '').replace(/(?:ing|ed)$/, ''));
  const scored = fields.map((f) => ({ f, score: f.name.split('_').filter((part) => stems.some((s) => s.length > 2 && (part.startsWith(s) || s.startsWith(part)))).length }));
  scored.sort((a, b) => b.score - a.score);
  if (scored[0] && scored[0].score > 0) return scored[0].f.name;
  return fields.length === 1 || (fields.length > 0 && hint.length === 0) ? fields[0]!.name : undefined;
}

/** The one record type with a date field the words name ("pickup date"), as a mention before the words. */
export function dateOwner(tokens: string[], ctx: WorkflowContext): { entity: string; start: number; end: number } | undefined {
  const key = snakeCase(tokens.slice(0, 3).join(' '));
  const owners = ctx.entities.filter((e) => e.fields.some((f) => (f.type === 'date' || f.type === 'datetime') && key.startsWith(f.name)));
  return owners.length === 1 ? { entity: owners[0]!.name, start: 0, end: 0 } : undefined;
}

/**
 * A date of a record this one refers to, when the words name that record ("until 5 days before
 * the race starts" on an Entry of a Race): its field and the reference to follow.
 */
export function relatedDateField(entity: string, tokens: string[], ctx: WorkflowContext): { field: string; via: string } | undefined {
  const own = ctx.entities.find((e) => e.name === entity);
  for (const m of ctx.index.mentions(tokens)) {
    if (m.entity === entity) continue;
    const ref = own?.fields.find((f) => f.type === `ref(${m.entity})`);
    if (!ref) continue;
    const hint = tokens.slice(m.end).filter((w) => !['it', 'the', 'its', 'a', 'an', 'of'].includes(w));
    const field = dateField(m.entity, hint, ctx);
    if (field) return { field, via: ref.name };
  }
  return undefined;
}
