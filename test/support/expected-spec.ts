/**
 * What a correct spec of an example description must capture: the shape of an example's
 * `NN-name.expected.json` (test/fixtures/examples, ../shared/examples/README.md). Shared by the
 * structural scorers (structural-recall.ts, structural-f1.ts) and the fixtures that load them.
 */

export interface ExpectedField {
  /** string, text, integer, number, boolean, date, datetime, email, url, enum, file, ref(Entity), list(type). */
  type: string;
  /** Absent means not required. */
  required?: boolean;
  /** Enum values; absent: any values will do. */
  values?: string[];
  contentTypes?: string[];
  maxBytes?: number;
  unique?: boolean;
  min?: number;
  max?: number;
}

export interface ExpectedSpec {
  entities: Record<string, { fields: Record<string, ExpectedField> }>;
  /** Rights per role and entity: `crud`, `r`, `c,r:own,u:own`. */
  roles?: Record<string, Record<string, string>>;
  /** `Entity.operation` -> level (`Recipe.read`: `public`). */
  access?: Record<string, string>;
  multiTenant?: boolean;
  /** Steps: `kind` and its parameters (events, timeout, duration, at/until, retries...). */
  workflows?: Array<{ name: string; trigger?: string; steps: Array<Record<string, unknown>> }>;
}
