/**
 * Values said once and pointed at again: "their instrument (the same twelve as for players)",
 * "a size (same options as the shirts)". The field takes the allowed values of the field of the
 * same name on the record type named there; the pointer stays a note when there is none.
 */
import type { SpecEntity } from '../spec-model';
import type { EntityIndex } from '../offline-author/entity-index';

/** "the same twelve as for players", "same choices as on a booking": the record type pointed at. */
const SAME_AS = /^(?:the\s+)?same(?:\s+[a-z0-9]+){0,2}\s+as\s+(?:(?:for|on|in|with|of)\s+)?(?:the\s+|a\s+|an\s+|our\s+)?([a-z][a-z -]*?)(?:['’]s?)?(?:\s+(?:have|has|get|use))?$/i;

export function copySameValues(entities: SpecEntity[], index: EntityIndex): void {
  for (const entity of entities) {
    for (const field of entity.fields) {
      if (field.type !== 'string' || !field.notes) continue;
      const notes = field.notes.split(/;\s*/);
      const at = notes.findIndex((n) => SAME_AS.test(n.trim()));
      if (at < 0) continue;
      const target = index.resolve(SAME_AS.exec(notes[at]!.trim())![1]!.toLowerCase().split(/[\s-]+/));
      const source = entities.find((e) => e.name === target && e !== entity)?.fields.find((f) => f.name === field.name && f.type === 'enum' && (f.values?.length ?? 0) > 0);
      if (!source) continue;
      field.type = 'enum';
      field.values = [...source.values!];
      notes.splice(at, 1);
      if (notes.length > 0) field.notes = notes.join('; ');
      else delete field.notes;
    }
  }
}
