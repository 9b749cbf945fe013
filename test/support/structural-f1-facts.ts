/**
 * The facts the strict F1 scorer (structural-f1.ts) compares: its dimensions, one side's set of
 * facts, and the light normalisation of names that decides when two facts are the same.
 */
import pluralize from 'pluralize';

export const DIMENSIONS = [
  'entities', 'fields', 'types', 'values', 'limits', 'required', 'unique', 'relations',
  'roles', 'rights', 'access', 'tenancy', 'workflows', 'triggers', 'steps',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** Case, `_`, `-` and spaces do not matter: `due_date`, `Due date`, `dueDate`. */
export const nameKey = (name: string): string => name.toLowerCase().replace(/[\s_-]+/g, '');
/** An entity name, singular or plural: `Tasks`, `task`. */
export const entityKey = (name: string): string => pluralize.singular(nameKey(name));

/** One side's facts: per dimension, normalised key -> readable label (the first one kept). */
export class Facts {
  private readonly byDimension = Object.fromEntries(DIMENSIONS.map((d) => [d, new Map<string, string>()])) as Record<Dimension, Map<string, string>>;

  add(dimension: Dimension, key: string, label: string): void {
    const facts = this.byDimension[dimension];
    if (!facts.has(key)) facts.set(key, label);
  }

  of(dimension: Dimension): Map<string, string> {
    return this.byDimension[dimension];
  }
}
