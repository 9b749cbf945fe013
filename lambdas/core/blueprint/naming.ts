/**
 * Names derived from entity names: the plural kebab-case collection of an entity's routes
 * (`Task` -> `tasks`, `ExpenseReport` -> `expense-reports`, `Category` -> `categories`),
 * DESIGN.md "Serving a generated API". The builder writes the result into the IR
 * (`IrEntity.collection`), so everything downstream reads it from there; the validator uses the
 * same functions to spot two entities whose collections collide (`Person` and `People`).
 */
import pluralize from 'pluralize';
import { kebabCase } from '../text/case';

export { kebabCase };

/** The plural of the last word only (`stock-movement` -> `stock-movements`), pluralize's rules (pinned version). */
export function collectionName(entityName: string): string {
  const words = kebabCase(entityName).split('-');
  const last = words.pop() ?? '';
  return [...words, pluralize.plural(last)].join('-');
}
