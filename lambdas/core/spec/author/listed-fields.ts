/**
 * Fields given by layout (a table's rows, a record type's sub-bullets) into their record type.
 */
import type { SpecEntity } from '../spec-model';
import type { EntityIndex } from '../offline-author/entity-index';
import { addDefinedFields } from '../offline-author/defined-fields';
import type { MetaMap } from '../offline-author/relations';
import type { FieldList } from './statements';

export function addListedFields(entity: SpecEntity, list: FieldList, ctx: { index: EntityIndex; persons: Set<string> }, meta: MetaMap): void {
  for (const phrase of list.phrases) addDefinedFields(entity, phrase.text, ctx, meta);
  for (const row of list.rows) {
    const details = [row.type, row.rules].filter(Boolean).join(', ');
    addDefinedFields(entity, details ? `${row.name} (${details})` : row.name, ctx, meta);
  }
}
