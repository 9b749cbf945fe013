/** `## Relations`: what deleting a referenced record does, per ref field (restrict, cascade, set_null). */
import { parseFieldType, refTarget } from '../field-type';
import { readBlock, type Section } from '../spec-blocks';
import { NONE_LINE, RELATIONS_HEADER } from '../spec-layout';
import { renderRow } from '../spec-markdown';
import { OnDelete, type SpecEntity, type SpecField } from '../spec-model';
import type { ParseContext } from './context';
import { checkHeader, isNone, onlyTable, reportStray, splitRows, strayOf } from './tables';

export function readRelations(section: Section | undefined, entities: SpecEntity[], entitiesKnown: boolean, ctx: ParseContext): void {
  if (!section || isNone(section, ctx)) return;
  const block = readBlock(section.body);
  reportStray(strayOf(block), ctx, `## Relations holds one table ${renderRow(RELATIONS_HEADER)} or '${NONE_LINE}'`);
  const table = onlyTable(block, 'Relations', ctx);
  if (!table || !checkHeader(table, RELATIONS_HEADER, 'Relations', ctx) || !entitiesKnown) return;
  const listed = new Set<SpecField>();
  for (const row of splitRows(table, RELATIONS_HEADER.length, 'Relations', ctx).good) {
    const [entityName, fieldName, references, onDeleteText] = row.cells as [string, string, string, string];
    const at = (message: string) => ctx.error(row.no, `Relations: ${message}`);
    if (ctx.unreadEntities.has(entityName)) continue; // its fields are unknown, not missing
    const e = entities.findIndex((entity) => entity.name === entityName);
    const entity = entities[e];
    if (!entity) {
      at(`'${entityName}' is not an entity of the spec`);
      continue;
    }
    const f = entity.fields.findIndex((field) => field.name === fieldName);
    const field = entity.fields[f];
    if (!field) {
      at(`${entityName} has no field '${fieldName}'`);
      continue;
    }
    const type = parseFieldType(field.type);
    // A broken row or an unknown type is already reported on the field's own line.
    if (ctx.isMuted(`entities.${e}.fields.${f}`) || !type) continue;
    const target = refTarget(type);
    const onDelete = OnDelete.safeParse(onDeleteText.toLowerCase());
    if (target === undefined) at(`${entityName}.${fieldName} is a ${field.type} field; only ref fields have relations`);
    else if (references !== target) at(`${entityName}.${fieldName} references ${target}, not '${references}'`);
    if (!onDelete.success) at(`On delete must be restrict, cascade or set_null (got '${onDeleteText}')`);
    if (listed.has(field)) at(`${entityName}.${fieldName} is listed twice`);
    listed.add(field);
    if (target !== undefined && onDelete.success) {
      field.onDelete = onDelete.data;
      ctx.at(`entities.${e}.fields.${f}.onDelete`, row.no);
    }
  }
}
