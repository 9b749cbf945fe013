/**
 * What deploying a blueprint over the one a project runs now does to the records it already
 * holds (CONTRACT "POST /projects/{id}/validate", issue 24 "Data safety"). The template diff
 * (template-diff.ts) sees resources; only the two blueprints and the data show that an entity
 * removed still holds records, that the indexes the record store relies on moved, that a new
 * required field has no value in the existing records, or that a new unique rule meets values
 * already shared.
 *
 * Pure and in two steps, so the adapter reads the table once and only for what matters:
 *   1. `dataQuestions(before, after)`: which entities to count and which fields to look into;
 *   2. `planDataChanges(before, after, facts)`: each change with whether it loses data, why,
 *      and the step that makes it safe when there is one (the deployer runs those steps, logged:
 *      lambdas/adapters/project-data/data-migration.ts).
 */
import { schedulesOf, type BlueprintIR, type IrEntity, type IrField } from '../blueprint/ir';

/** A step the deploy runs over the existing records of one entity (or the organizations) so that a change loses nothing. */
export type SafeStep =
  /** Rewrite every record's index keys (GSI<n>PK/SK) from the new blueprint's `indexes`. */
  | { readonly kind: 'reindex'; readonly entity: string }
  /** Set `value` on every record that has no value for `field`. */
  | { readonly kind: 'backfill'; readonly entity: string; readonly field: string; readonly value: string | number | boolean }
  /** Write the uniqueness claim of every record's value of `field` (the field became unique and no value is shared). */
  | { readonly kind: 'claim-unique'; readonly entity: string; readonly field: string }
  /** Delete the uniqueness claims of `field` (it is no longer unique: stale claims would refuse shared values). */
  | { readonly kind: 'release-unique'; readonly entity: string; readonly field: string }
  /**
   * Put the organizations created before the organization list existed on it: scheduled jobs run
   * once per organization, found through the list (organization-list.ts).
   */
  | { readonly kind: 'list-organizations' };

export interface DataChange {
  /** The entity, or `Entity.field`. */
  readonly subject: string;
  /** It loses data: refused without `allowDataLoss`. */
  readonly destructive: boolean;
  /** What happens to the records, in words a user acts on. */
  readonly reason: string;
  /**
   * What the deploy runs over the stored records: on a safe change, what keeps them whole; on a
   * destructive one (which runs only when allowed), what saves as much as can be saved.
   */
  readonly step?: SafeStep;
}

/** What the adapter is asked about the records of the project as it runs now. */
export interface DataQuestions {
  /** Entities whose records are counted, with the fields whose filled values are counted. */
  readonly entities: ReadonlyArray<{ readonly entity: string; readonly filledFields: readonly string[]; readonly duplicateFields: readonly string[] }>;
}

/** The answers, per entity (over every organization of a multi-tenant project). */
export interface EntityFacts {
  readonly records: number;
  /** Per asked field: how many records hold a value. */
  readonly filled: Readonly<Record<string, number>>;
  /** Per asked field: how many values are held by more than one record of one organization (as the unique rule compares them). */
  readonly duplicates: Readonly<Record<string, number>>;
}
export type DataFacts = Readonly<Record<string, EntityFacts>>;

/**
 * Type changes that keep every stored value valid: a value of the old type is a value of the new
 * one (the validator reads strings of any of these formats as strings, an integer as a number).
 */
const WIDENINGS: ReadonlyArray<readonly [IrField['type'], IrField['type']]> = [
  ['integer', 'number'],
  ['string', 'text'],
  ['email', 'string'],
  ['email', 'text'],
  ['url', 'string'],
  ['url', 'text'],
  ['enum', 'string'],
  ['enum', 'text'],
];

const widens = (from: IrField, to: IrField): boolean => WIDENINGS.some(([a, b]) => a === from.type && b === to.type);

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A field of the spec (server-owned fields are written by the server and never change). */
const specFields = (entity: IrEntity): IrField[] => entity.fields.filter((f) => !f.serverOwned);

/** A unique rule is enforced on scalar values only (record-item.ts: a list is not a key). */
const enforcedUnique = (field: IrField | undefined): boolean => field?.unique === true && field.type !== 'list';

/** The stored values of `before` may not be values of `after`: another type, another referenced entity, other list items. */
function fieldChanged(before: IrField, after: IrField): boolean {
  if (before.type !== after.type) return !widens(before, after);
  return before.ref?.entity !== after.ref?.entity || before.items?.type !== after.items?.type || before.items?.ref?.entity !== after.items?.ref?.entity;
}

/** The type as a user wrote it, for reasons. */
const typeText = (field: IrField): string => (field.ref ? `ref(${field.ref.entity})` : field.type === 'list' ? `list(${field.items?.type ?? '?'})` : field.type);

/** What `planDataChanges` needs to know about the records deployed now (nothing before a first deploy). */
export function dataQuestions(before: BlueprintIR | null, after: BlueprintIR): DataQuestions {
  if (!before) return { entities: [] };
  const next = new Map(after.entities.map((e) => [e.name, e]));
  return {
    entities: before.entities.map((old) => {
      const now = next.get(old.name);
      const filled = new Set<string>();
      const duplicates: string[] = [];
      if (now) {
        const oldFields = new Map(old.fields.map((f) => [f.name, f]));
        for (const field of specFields(now)) {
          const was = oldFields.get(field.name);
          if (was && (fieldChanged(was, field) || (field.required && !was.required))) filled.add(field.name);
          if (enforcedUnique(field) && !enforcedUnique(was)) {
            filled.add(field.name);
            duplicates.push(field.name);
          }
        }
      }
      return { entity: old.name, filledFields: [...filled], duplicateFields: duplicates };
    }),
  };
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * Each change that concerns stored records, entity by entity in the deployed blueprint's order.
 * `facts` answers `dataQuestions(before, after)`; a missing entity reads as holding no records.
 */
export function planDataChanges(before: BlueprintIR | null, after: BlueprintIR, facts: DataFacts): DataChange[] {
  if (!before) return [];
  const changes: DataChange[] = [];
  const next = new Map(after.entities.map((e) => [e.name, e]));
  const tenancyMoved = before.tenancy.mode !== after.tenancy.mode;
  for (const old of before.entities) {
    const entityFacts = facts[old.name] ?? { records: 0, filled: {}, duplicates: {} };
    const { records } = entityFacts;
    if (records === 0) continue;
    const held = plural(records, 'record');
    const now = next.get(old.name);
    if (!now) {
      changes.push({ subject: old.name, destructive: true, reason: `${old.name} is removed while it holds ${held}: they stay in the table but no API serves them` });
      continue;
    }
    if (tenancyMoved || old.tenantScoped !== now.tenantScoped) {
      changes.push({
        subject: old.name,
        destructive: true,
        reason: `${old.name}'s records change key (tenancy ${before.tenancy.mode} -> ${after.tenancy.mode}): its ${held} would no longer be found`,
      });
      continue;
    }
    if (!sameJson(old.indexes, now.indexes)) {
      changes.push({
        subject: old.name,
        destructive: false,
        reason: `${old.name}'s indexes change: the deploy re-indexes its ${held} so they stay in lists, filters and delete checks`,
        step: { kind: 'reindex', entity: old.name },
      });
    }
    changes.push(...fieldChanges(old, now, entityFacts));
  }
  // The first scheduled jobs of a multi-tenant project: organizations from before must be listed to get their runs.
  if (after.tenancy.mode === 'multi' && !tenancyMoved && schedulesOf(after).length > 0 && schedulesOf(before).length === 0) {
    changes.push({
      subject: 'Organization',
      destructive: false,
      reason: 'Scheduled jobs run once per organization: the deploy lists the organizations created before',
      step: { kind: 'list-organizations' },
    });
  }
  return changes;
}

function fieldChanges(old: IrEntity, now: IrEntity, facts: EntityFacts): DataChange[] {
  const changes: DataChange[] = [];
  const oldFields = new Map(old.fields.map((f) => [f.name, f]));
  const held = plural(facts.records, 'record');
  for (const field of specFields(now)) {
    const subject = `${now.name}.${field.name}`;
    const was = oldFields.get(field.name);
    const filled = facts.filled[field.name] ?? 0;
    const missing = facts.records - filled;
    if (!was) {
      if (field.required) {
        changes.push({ subject, destructive: true, reason: `${subject} is new and required without a default: the ${held} stored have no value for it` });
      } else if (field.default !== undefined) {
        changes.push({
          subject,
          destructive: false,
          reason: `${subject} is new with the default ${JSON.stringify(field.default)}: the deploy sets it on the ${held} stored`,
          step: { kind: 'backfill', entity: now.name, field: field.name, value: field.default },
        });
      }
      continue;
    }
    if (fieldChanged(was, field) && filled > 0) {
      changes.push({ subject, destructive: true, reason: `${subject} changes type from ${typeText(was)} to ${typeText(field)}: ${plural(filled, 'record holds', 'records hold')} a value of the old type` });
      continue;
    }
    if (field.required && !was.required && missing > 0) {
      changes.push({ subject, destructive: true, reason: `${subject} becomes required without a default: ${plural(missing, 'record has', 'records have')} no value for it` });
    }
    if (enforcedUnique(field) && !enforcedUnique(was)) {
      const shared = facts.duplicates[field.name] ?? 0;
      if (shared > 0) {
        // Allowed anyway, the oldest holder of a shared value keeps it; the others are logged.
        changes.push({
          subject,
          destructive: true,
          reason: `${subject} becomes unique while ${plural(shared, 'value is', 'values are')} shared by more than one record`,
          step: { kind: 'claim-unique', entity: now.name, field: field.name },
        });
      } else if (filled > 0) {
        changes.push({
          subject,
          destructive: false,
          reason: `${subject} becomes unique: the deploy records the ${plural(filled, 'value')} stored so later duplicates are refused`,
          step: { kind: 'claim-unique', entity: now.name, field: field.name },
        });
      }
    }
    if (enforcedUnique(was) && !enforcedUnique(field)) {
      changes.push({
        subject,
        destructive: false,
        reason: `${subject} is no longer unique: the deploy drops its uniqueness records`,
        step: { kind: 'release-unique', entity: now.name, field: field.name },
      });
    }
  }
  return changes;
}

/** The steps the deploy runs, in the order the changes were found. */
export const safeSteps = (changes: readonly DataChange[]): SafeStep[] => changes.flatMap((c) => (c.step ? [c.step] : []));
