/**
 * src/models.ts of the TypeScript SDK: every enum as a union of string literals, every named
 * schema of the API (entities, their create / replace / update bodies, pages, auth and workflow
 * bodies) as an interface.
 */
import type { SdkApi } from '../sdk-api';
import { tsDoc, tsProperties, tsString } from './typescript-types';

export function typescriptModels(api: SdkApi): string {
  const out = [tsDoc(`Types of the ${api.projectName} API: its enums and the bodies its routes take and answer.`, ''), ''];
  for (const e of api.enums) out.push(`export type ${e.name} = ${e.values.map(tsString).join(' | ')};`);
  for (const [name, schema] of Object.entries(api.schemas)) {
    out.push('');
    if (schema.description) out.push(tsDoc(schema.description, ''));
    const properties = tsProperties(api, schema, '', name);
    if (properties.length === 0) out.push(`export type ${name} = Record<string, unknown>;`);
    else out.push(`export interface ${name} {`, ...properties.map((line) => `  ${line}`), '}');
  }
  return `${out.join('\n')}\n`;
}
