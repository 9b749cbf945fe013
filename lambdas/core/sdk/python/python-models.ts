/**
 * models.py of the Python SDK: every enum as a `Literal` alias, every named schema of the API
 * (entities, their create / replace / update bodies, pages, auth and workflow bodies) as a
 * TypedDict. Required keys and optional ones are split over a base class, as Python 3.9 has no
 * `NotRequired`.
 */
import type { JsonSchema } from '../../blueprint/project-routes';
import type { SdkApi } from '../sdk-api';
import { isPythonIdentifier, pythonDoc, pythonString, pythonType } from './python-types';

export function pythonModels(api: SdkApi): string {
  const out = [
    pythonDoc(`Types of the ${api.projectName} API: its enums and the bodies its routes take and answer.`, ''),
    '',
    '# Annotations stay strings: a model may name one defined below it.',
    'from __future__ import annotations',
    '',
    'import typing as _t',
    '',
  ];
  // What `from .models import *` brings into the package: the types only.
  const names = [...api.enums.map((e) => e.name), ...Object.keys(api.schemas)];
  out.push(`__all__ = [${names.map(pythonString).join(', ')}]`, '');
  for (const e of api.enums) out.push(`${e.name} = _t.Literal[${e.values.map(pythonString).join(', ')}]`);
  for (const [name, schema] of Object.entries(api.schemas)) out.push('', '', typedDict(api, name, schema));
  return `${out.join('\n')}\n`;
}

function typedDict(api: SdkApi, name: string, schema: JsonSchema): string {
  const properties = Object.entries(schema.properties ?? {});
  const doc = schema.description ? pythonDoc(schema.description, '    ') : undefined;
  if (properties.length === 0) return `${name} = _t.Dict[str, _t.Any]`;
  const required = new Set(schema.required ?? []);
  const field = ([property, propertySchema]: [string, JsonSchema]) => `    ${property}: ${pythonType(api, propertySchema, '', { name, property })}`;
  if (!properties.every(([property]) => isPythonIdentifier(property))) {
    // A key that is not an identifier (a keyword such as `from`) only fits the functional form, which cannot mark keys required.
    // Its values are evaluated at import: quoted, they may name a model defined below, as annotations do.
    const entries = properties.map(([property, propertySchema]) => `${pythonString(property)}: ${pythonString(pythonType(api, propertySchema, '', { name, property }))}`);
    return `${name} = _t.TypedDict(${pythonString(name)}, {${entries.join(', ')}}, total=False)`;
  }
  const mandatory = properties.filter(([property]) => required.has(property));
  const optional = properties.filter(([property]) => !required.has(property));
  if (optional.length === 0) return [`class ${name}(_t.TypedDict):`, ...(doc ? [doc, ''] : []), ...mandatory.map(field)].join('\n');
  if (mandatory.length === 0) return [`class ${name}(_t.TypedDict, total=False):`, ...(doc ? [doc, ''] : []), ...optional.map(field)].join('\n');
  return [`class _${name}Required(_t.TypedDict):`, ...mandatory.map(field), '', '', `class ${name}(_${name}Required, total=False):`, ...(doc ? [doc, ''] : []), ...optional.map(field)].join('\n');
}
