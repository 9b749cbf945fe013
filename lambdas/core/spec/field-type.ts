/**
 * Field type text (`string`, `ref(Task)`, `list(ref(Tag))`) as a small tree, so the parser, the
 * checker and later the blueprint builder ask "is it an enum list?" instead of matching strings.
 */
import { SCALAR_TYPES, type ScalarType } from '../vocabulary';

export type FieldType =
  | { kind: 'scalar'; name: ScalarType }
  | { kind: 'ref'; entity: string }
  | { kind: 'list'; item: FieldType };

export const TYPE_CHOICES = `${SCALAR_TYPES.join(', ')}, ref(Entity) or list(type)`;

const isScalar = (word: string): word is ScalarType => (SCALAR_TYPES as readonly string[]).includes(word);

/**
 * Reads type text; undefined when it is not a type at all. The keywords are read in any case
 * (`String`, `List(...)`) and spaces are ignored; entity names keep their case. Whether the tree
 * is allowed (no list of files, no list of lists, known entity) is the checker's business.
 */
export function parseFieldType(text: string): FieldType | undefined {
  const compact = text.replace(/\s+/g, '');
  const open = compact.indexOf('(');
  if (open < 0) {
    const word = compact.toLowerCase();
    return isScalar(word) ? { kind: 'scalar', name: word } : undefined;
  }
  if (!compact.endsWith(')')) return undefined;
  const keyword = compact.slice(0, open).toLowerCase();
  const inner = compact.slice(open + 1, -1);
  if (keyword === 'ref') return /^[A-Za-z][A-Za-z0-9]*$/.test(inner) ? { kind: 'ref', entity: inner } : undefined;
  if (keyword === 'list') {
    const item = parseFieldType(inner);
    return item ? { kind: 'list', item } : undefined;
  }
  return undefined;
}

/** The canonical text of a type tree: lower-case keywords, no spaces. */
export function formatFieldType(type: FieldType): string {
  switch (type.kind) {
    case 'scalar':
      return type.name;
    case 'ref':
      return `ref(${type.entity})`;
    case 'list':
      return `list(${formatFieldType(type.item)})`;
  }
}

/** The type a list holds, or the type itself: `list(enum)` and `enum` both take enum values. */
export function elementType(type: FieldType): FieldType {
  return type.kind === 'list' ? type.item : type;
}

export const isScalarType = (type: FieldType | undefined, ...names: ScalarType[]): boolean =>
  type?.kind === 'scalar' && names.includes(type.name);

/** The entity a `ref(...)` or `list(ref(...))` points at. */
export function refTarget(type: FieldType | undefined): string | undefined {
  if (!type) return undefined;
  const element = elementType(type);
  return element.kind === 'ref' ? element.entity : undefined;
}
