/**
 * src/client.ts of the TypeScript SDK: the project's client class over the runtime's BaseClient,
 * with one method per operation of the API (its operationId), an async iterator over every page
 * of each list, upload / download helpers for entities with files, and the query types.
 */
import { pascalCase } from '../../text/case';
import type { SdkApi, SdkFileHelper, SdkOperation } from '../sdk-api';
import { tsDoc, tsIdentifier, tsKey, tsString, tsType } from './typescript-types';

/** The iterator of a list: `listTasks` -> `iterTasks`. */
export const tsIteratorName = (operationId: string): string => (/^list[A-Z]/.test(operationId) ? operationId.replace(/^list/, 'iter') : `iter${pascalCase(operationId)}`);

/** An entity's file helpers: `uploadTaskFile`, `downloadTaskFile`. */
export const tsFileHelperName = (verb: 'upload' | 'download', entity: string): string => `${verb}${entity}File`;

const queryTypeName = (op: SdkOperation): string => `${pascalCase(op.route.operationId)}Query`;

export function typescriptClient(api: SdkApi, clientClass: string): string {
  const out = [
    tsDoc(`The client of the ${api.projectName} API: one method per operation.`, ''),
    "import * as rt from './runtime.js';",
    "import type * as m from './models.js';",
    '',
    '/** The blueprint this SDK was generated from. */',
    `export const BLUEPRINT_ID = ${tsString(api.blueprintId)};`,
    '/** The spec version of that blueprint. */',
    `export const SPEC_VERSION = ${api.specVersion};`,
    '/** The API address the client uses unless given another. */',
    `export const DEFAULT_BASE_URL = ${tsString(api.serverUrl)};`,
  ];
  for (const op of api.operations.filter((o) => o.query.length > 0)) {
    out.push('', `/** The query of ${op.route.operationId}. */`, `export interface ${queryTypeName(op)} {`);
    for (const q of op.query) out.push(`  ${tsKey(q.name)}${q.required ? '' : '?'}: ${tsType(api, q.schema, 'm.', op.route.entity ? { name: op.route.entity, property: q.name } : undefined)};`);
    out.push('}');
  }
  out.push(
    '',
    tsDoc(
      `Calls the ${api.projectName} API at DEFAULT_BASE_URL (or options.baseUrl), with a timeout (options.timeoutMs). ` +
        'Log in first (logIn); an expired access token is refreshed once, automatically, and the request sent again. ' +
        'Errors throw ApiError subclasses carrying status, code and message.',
      '',
    ),
    `export class ${clientClass} extends rt.BaseClient {`,
    '  constructor(options: rt.ClientOptions = {}) {',
    '    super(DEFAULT_BASE_URL, options);',
    `    this.refreshPath = ${tsString(api.refreshPath)};`,
    '  }',
  );
  for (const op of api.operations) {
    out.push('', method(api, op));
    if (op.listItem) out.push('', iterator(api, op));
  }
  for (const helper of api.files) out.push('', upload(api, helper), '', download(helper));
  out.push('}');
  return `${out.join('\n')}\n`;
}

function method(api: SdkApi, op: SdkOperation): string {
  const path = op.pathParams.map((p) => ({ name: tsIdentifier(p.name), apiName: p.name }));
  const params = path.map((p) => `${p.name}: string`);
  if (op.body) params.push(`body: ${tsType(api, op.body, 'm.')}`);
  const queryRequired = op.query.some((q) => q.required);
  if (op.query.length > 0) params.push(queryRequired ? `query: ${queryTypeName(op)}` : `query: ${queryTypeName(op)} = {}`);
  const returns = op.response ? tsType(api, op.response, 'm.') : 'void';
  const options = [
    ...(path.length > 0 ? [`pathParams: { ${path.map((p) => (p.name === p.apiName ? p.name : `${tsKey(p.apiName)}: ${p.name}`)).join(', ')} }`] : []),
    ...(op.query.length > 0 ? ['query'] : []),
    ...(op.body ? ['body'] : []),
    ...(op.route.level === 'public' ? ['authenticated: false'] : []),
  ];
  const call = `this.call<${returns}>(${tsString(op.route.method)}, ${tsString(op.route.path)}${options.length > 0 ? `, { ${options.join(', ')} }` : ''})`;
  const doc = tsDoc(`${op.route.summary} (${op.route.method} ${op.route.path}).`, '  ');
  if (op.givesTokens) return [doc, `  async ${op.route.operationId}(${params.join(', ')}): Promise<${returns}> {`, `    return this.rememberTokens(await ${call});`, '  }'].join('\n');
  return [doc, `  ${op.route.operationId}(${params.join(', ')}): Promise<${returns}> {`, `    return ${call};`, '  }'].join('\n');
}

function iterator(api: SdkApi, op: SdkOperation): string {
  const query = queryTypeName(op);
  const item = tsType(api, op.listItem, 'm.');
  const optional = !op.query.some((q) => q.required);
  const path = op.pathParams.map((p) => tsIdentifier(p.name));
  return [
    tsDoc(`Every item of ${op.route.operationId}, page after page (limit is the page size).`, '  '),
    `  ${tsIteratorName(op.route.operationId)}(${[...path.map((name) => `${name}: string`), `query: Omit<${query}, 'cursor'>${optional ? ' = {}' : ''}`].join(', ')}): AsyncGenerator<${item}, void, undefined> {`,
    `    return this.iterate((q: ${query}) => this.${op.route.operationId}(${[...path, 'q'].join(', ')}), query);`,
    '  }',
  ].join('\n');
}

function upload(api: SdkApi, helper: SdkFileHelper): string {
  const record = tsType(api, helper.update.response, 'm.');
  const field = helper.fields.map(tsString).join(' | ');
  return [
    tsDoc(`Uploads a file through a signed URL and attaches it to the record's file field (default ${helper.fields[0]}); answers the updated record.`, '  '),
    `  async ${tsFileHelperName('upload', helper.entity)}(id: string, data: Uint8Array, file: { filename: string; contentType: string; field?: ${field} }): Promise<${record}> {`,
    `    const field = file.field ?? ${tsString(helper.fields[0]!)};`,
    `    const grant = await this.${helper.uploadUrl.route.operationId}(id, { filename: file.filename, contentType: file.contentType, size: data.byteLength, field });`,
    '    await this.uploadToSignedUrl(grant.uploadUrl, data, file.contentType);',
    `    return this.${helper.update.route.operationId}(id, { [field]: grant.fileKey } as ${tsType(api, helper.update.body, 'm.')});`,
    '  }',
  ].join('\n');
}

function download(helper: SdkFileHelper): string {
  return [
    tsDoc('The bytes of a file attached to the record, through a signed download URL.', '  '),
    `  async ${tsFileHelperName('download', helper.entity)}(id: string, fileKey: string): Promise<Uint8Array> {`,
    `    const grant = await this.${helper.downloadUrl.route.operationId}(id, fileKey);`,
    '    return this.downloadFromSignedUrl(grant.downloadUrl);',
    '  }',
  ].join('\n');
}
