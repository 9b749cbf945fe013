/**
 * Python spellings shared by the models and the client: type annotations of schemas, identifiers
 * that are never keywords, docstrings and string literals.
 */
import { refName, type JsonSchema } from '../../blueprint/project-routes';
import { isStringEnum, type SdkApi } from '../sdk-api';

const KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(' '),
);

export const isPythonIdentifier = (name: string): boolean => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !KEYWORDS.has(name);

/** A usable identifier for a name: keywords get a trailing `_` (PEP 8), other characters `_`. */
export function pythonIdentifier(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(?=[0-9])/, '_');
  return KEYWORDS.has(cleaned) ? `${cleaned}_` : cleaned;
}

/** A Python string literal (JSON's escapes are Python's). */
export const pythonString = (text: string): string => JSON.stringify(text);

/** A docstring at `indent`. */
export function pythonDoc(text: string, indent: string): string {
  const safe = text.replace(/\\/g, '\\\\').replace(/"""/g, '\\"\\"\\"').trim();
  return `${indent}"""${safe.split('\n').join(`\n${indent}`)}"""`;
}

/**
 * The annotation of a schema; `models` is how named types are reached (`''` inside models.py,
 * `_m.` in client.py). `owner.property` names the enum a property's values belong to.
 */
export function pythonType(api: SdkApi, schema: JsonSchema | undefined, models: string, owner?: { name: string; property: string }): string {
  if (!schema) return '_t.Any';
  const base = ((): string => {
    const ref = refName(schema);
    if (ref) return `${models}${ref}`;
    if (isStringEnum(schema)) {
      const named = owner && api.enumOf(owner.name, owner.property, schema);
      return named ? `${models}${named}` : `_t.Literal[${schema.enum.map(pythonString).join(', ')}]`;
    }
    switch (schema.type) {
      case 'string':
        return 'str';
      case 'integer':
        return 'int';
      case 'number':
        return 'float';
      case 'boolean':
        return 'bool';
      case 'array':
        return `_t.List[${pythonType(api, schema.items, models)}]`;
      case 'object':
        return '_t.Dict[str, _t.Any]';
      default:
        return '_t.Any';
    }
  })();
  return schema.nullable ? `_t.Optional[${base}]` : base;
}
