/**
 * References between record types: a contained record refers to its container (`Xs contain Ys`,
 * `a Y belongs to an X` -> Y.x_id, required, deleted with X); a record that stands alone without
 * a name or title (a reply, a vote) belongs to the first record type described before it that has one.
 */
import type { SpecEntity } from '../spec-model';
import { USER_ENTITY } from '../../vocabulary';
import type { Containment } from '../author/entity-names';
import { isNameField } from './lexicon';
import { snakeCase } from '../../text/case';

export interface FieldMeta {
  explicitRequired: boolean;
  explicitOptional: boolean;
  /** A reference to the record that contains or is linked by this one. */
  parentRef: boolean;
}

export type MetaMap = Map<string, FieldMeta>;
export const metaKey = (entity: string, field: string) => `${entity}.${field}`;

export function refTarget(type: string): string | undefined {
  return /^ref\(([A-Za-z0-9]+)\)$/.exec(type)?.[1];
}

/** Adds (or marks) the reference of a contained record type to its container. */
export function addParentRef(child: SpecEntity, parent: string, meta: MetaMap): void {
  const existing = child.fields.find((f) => refTarget(f.type) === parent);
  if (existing) {
    existing.onDelete = 'cascade';
    const m = meta.get(metaKey(child.name, existing.name));
    if (!m?.explicitOptional) meta.set(metaKey(child.name, existing.name), { explicitRequired: m?.explicitRequired ?? false, explicitOptional: false, parentRef: true });
    return;
  }
  const name = `${snakeCase(parent)}_id`;
  if (child.fields.some((f) => f.name === name)) return;
  child.fields.push({ name, type: `ref(${parent})`, required: true, onDelete: 'cascade' });
  meta.set(metaKey(child.name, name), { explicitRequired: false, explicitOptional: false, parentRef: true });
}

export function applyContainments(entities: SpecEntity[], containments: Containment[], meta: MetaMap): void {
  for (const c of containments) {
    const child = entities.find((e) => e.name === c.child);
    if (!child || !entities.some((e) => e.name === c.parent)) continue;
    addParentRef(child, c.parent, meta);
    // ("at most one purchase order": a reference the record may leave empty, kept when its target goes.)
    const ref = c.optional ? child.fields.find((f) => refTarget(f.type) === c.parent) : undefined;
    if (ref) {
      ref.required = false;
      ref.onDelete = 'set_null';
      meta.set(metaKey(child.name, ref.name), { explicitRequired: false, explicitOptional: true, parentRef: false });
    }
  }
}

/**
 * Two record types that each require the other ("Every hut has a warden" and a warden's "the hut
 * they belong to") could never be created: neither can be saved before the other exists. The
 * one described later refers to the one described first (the warden to its hut, the review to
 * its proposal, the hire to its kit), so the earlier one's reference goes.
 */
export function breakRequiredCycles(entities: SpecEntity[], meta: MetaMap): void {
  for (const [at, first] of entities.entries()) {
    for (const later of entities.slice(at + 1)) {
      const back = later.fields.find((f) => f.required && refTarget(f.type) === first.name);
      const forth = first.fields.find((f) => f.required && refTarget(f.type) === later.name);
      if (!back || !forth) continue;
      first.fields.splice(first.fields.indexOf(forth), 1);
      meta.delete(metaKey(first.name, forth.name));
    }
  }
}

export function hasName(e: SpecEntity): boolean {
  return e.fields.some((f) => isNameField(f.name));
}

/**
 * What is said about another record: a free text, or a score on a small scale (1 to 5); a
 * record of dates and amounts alone ("workshops have a date and a fee") stands on its own.
 */
const saidAbout = (e: SpecEntity) => e.fields.some((f) => f.type === 'text' || (f.type === 'integer' && f.min !== undefined && f.max !== undefined && f.max <= 10));

/** Records without a name or title, said about another, that refer to nothing and are referred to by nothing. */
export function attachOrphans(entities: SpecEntity[], meta: MetaMap): void {
  if (entities.length < 2) return;
  for (const e of entities) {
    if (e.fields.length === 0 || hasName(e) || !saidAbout(e)) continue;
    const refersOut = e.fields.some((f) => {
      const t = refTarget(f.type);
      return t !== undefined && t !== USER_ENTITY && t !== e.name;
    });
    const referred = entities.some((o) => o !== e && o.fields.some((f) => refTarget(f.type) === e.name));
    if (refersOut || referred) continue;
    // The container is described before what it holds ("a sailing ..., a ticket with a
    // passenger name": the sailing does not belong to the ticket).
    const parent = entities.slice(0, entities.indexOf(e)).find((o) => hasName(o));
    if (parent) addParentRef(e, parent.name, meta);
  }
}
