/**
 * An SDK input whose names are the languages' keywords (a field `class`, an optional `from`, an
 * indexed enum `import` that is also a list filter): the inventory's golden IR with three fields
 * renamed, so the generators' escaping is compiled and parsed like the examples.
 */
import { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import type { SdkInput } from '../../lambdas/core/sdk/sdk-api';
import { goldenIr } from './golden-ir';

const RENAMED: Record<string, Record<string, string>> = { Warehouse: { name: 'class', address: 'from' }, StockMovement: { reason: 'import' } };

export function keywordNamedInput(): SdkInput {
  const ir = structuredClone(goldenIr('05-inventory'));
  for (const entity of ir.entities) {
    const renames = RENAMED[entity.name] ?? {};
    for (const field of entity.fields) field.name = renames[field.name] ?? field.name;
    for (const index of entity.indexes) index.field = renames[index.field] ?? index.field;
  }
  return { ir: BlueprintIR.parse(ir), blueprintId: 'b-keywords', projectId: 'keywords', serverUrl: 'http://127.0.0.1:3000/apis/keywords' };
}
