/**
 * client.py of the Python SDK: the project's client class over the runtime's BaseClient, with one
 * method per operation of the API (named after its operationId), an iterator over every page of
 * each list, and upload / download helpers for entities with files.
 */
import { refName } from '../../blueprint/project-routes';
import { snakeCase } from '../../text/case';
import type { SdkApi, SdkFileHelper, SdkOperation } from '../sdk-api';
import { pythonDoc, pythonIdentifier, pythonString, pythonType } from './python-types';

/** A method's name from its operationId: `createTaskUploadUrl` -> `create_task_upload_url`. */
export const pythonMethodName = (operationId: string): string => pythonIdentifier(snakeCase(operationId));

/** The iterator of a list: `listTasks` -> `iter_tasks`. */
export const pythonIteratorName = (operationId: string): string => pythonIdentifier(snakeCase(operationId.replace(/^list(?=[A-Z])/, 'iter')));

export function pythonClient(api: SdkApi, clientClass: string): string {
  const out = [
    pythonDoc(`The client of the ${api.projectName} API: one method per operation.`, ''),
    '',
    'from __future__ import annotations',
    '',
    'import typing as _t',
    '',
    'from . import _runtime as _rt',
    'from . import models as _m',
    '',
    '',
    `class ${clientClass}(_rt.BaseClient):`,
    pythonDoc(
      `Calls the ${api.projectName} API at DEFAULT_BASE_URL (or the base_url given), with a timeout in seconds. ` +
        'Log in first (log_in); an expired access token is refreshed once, automatically, and the request sent again. ' +
        'Errors raise ApiError subclasses carrying status, code and message.',
      '    ',
    ),
    '',
    `    DEFAULT_BASE_URL = ${pythonString(api.serverUrl)}`,
    `    REFRESH_PATH = ${pythonString(api.refreshPath)}`,
  ];
  for (const op of api.operations) {
    out.push('', method(api, op));
    if (op.listItem) out.push('', iterator(api, op));
  }
  for (const helper of api.files) out.push('', upload(api, helper), '', download(helper));
  return `${out.join('\n')}\n`;
}

interface Argument {
  /** The Python parameter. */
  name: string;
  /** The API's name. */
  apiName: string;
  annotation: string;
  required: boolean;
}

function pathArguments(api: SdkApi, op: SdkOperation): Argument[] {
  return op.pathParams.map((p) => ({ name: pythonIdentifier(snakeCase(p.name) || p.name), apiName: p.name, annotation: pythonType(api, p.schema, '_m.'), required: true }));
}

function queryArguments(api: SdkApi, op: SdkOperation): Argument[] {
  const owner = op.route.entity;
  return op.query.map((q) => ({
    name: pythonIdentifier(q.name),
    apiName: q.name,
    annotation: pythonType(api, q.schema, '_m.', owner ? { name: owner, property: q.name } : undefined),
    required: q.required,
  }));
}

const keywordParameter = (a: Argument) => (a.required ? `${a.name}: ${a.annotation}` : `${a.name}: _t.Optional[${a.annotation}] = None`);
const dictOf = (args: Argument[]) => `{${args.map((a) => `${pythonString(a.apiName)}: ${a.name}`).join(', ')}}`;

function method(api: SdkApi, op: SdkOperation): string {
  const path = pathArguments(api, op);
  const query = queryArguments(api, op);
  const params = ['self', ...path.map((a) => `${a.name}: ${a.annotation}`)];
  if (op.body) params.push(`body: ${pythonType(api, op.body, '_m.')}`);
  if (query.length > 0) params.push('*', ...[...query.filter((a) => a.required), ...query.filter((a) => !a.required)].map(keywordParameter));
  const returns = op.response ? pythonType(api, op.response, '_m.') : 'None';
  const options = [
    ...(path.length > 0 ? [`path_params=${dictOf(path)}`] : []),
    ...(query.length > 0 ? [`query=${dictOf(query)}`] : []),
    ...(op.body ? ['body=body'] : []),
    ...(op.route.level === 'public' ? ['authenticated=False'] : []),
  ];
  const call = `self._call(${[pythonString(op.route.method), pythonString(op.route.path), ...options].join(', ')})`;
  const body = op.givesTokens ? `return _t.cast(${returns}, self._remember_tokens(${call}))` : op.response ? `return _t.cast(${returns}, ${call})` : call;
  return [`    def ${pythonMethodName(op.route.operationId)}(${params.join(', ')}) -> ${returns}:`, pythonDoc(`${op.route.summary} (${op.route.method} ${op.route.path}).`, '        '), `        ${body}`].join('\n');
}

function iterator(api: SdkApi, op: SdkOperation): string {
  const path = pathArguments(api, op);
  const query = queryArguments(api, op).filter((a) => a.apiName !== 'cursor');
  const params = ['self', ...path.map((a) => `${a.name}: ${a.annotation}`), ...(query.length > 0 ? ['*', ...[...query.filter((a) => a.required), ...query.filter((a) => !a.required)].map(keywordParameter)] : [])];
  const item = pythonType(api, op.listItem, '_m.');
  const listMethod = `self.${pythonMethodName(op.route.operationId)}`;
  // The list method takes the path's values positionally and the query as keywords (the cursor among them).
  const listPage = path.length > 0 ? `lambda **query: ${listMethod}(${path.map((a) => a.name).join(', ')}, **query)` : listMethod;
  return [
    `    def ${pythonIteratorName(op.route.operationId)}(${params.join(', ')}) -> _t.Iterator[${item}]:`,
    pythonDoc(`Every item of ${pythonMethodName(op.route.operationId)}, page after page (limit is the page size).`, '        '),
    `        return self._iterate(${listPage}, {${query.map((a) => `${pythonString(a.name)}: ${a.name}`).join(', ')}})`,
  ].join('\n');
}

function upload(api: SdkApi, helper: SdkFileHelper): string {
  const entity = refName(helper.update.response) ?? helper.entity;
  const fieldType = `_t.Literal[${helper.fields.map(pythonString).join(', ')}]`;
  const [idArg] = pathArguments(api, helper.uploadUrl);
  return [
    `    def upload_${snakeCase(helper.entity)}_file(self, ${idArg!.name}: str, data: bytes, *, filename: str, content_type: str, field: ${fieldType} = ${pythonString(helper.fields[0]!)}) -> _m.${entity}:`,
    pythonDoc(`Uploads a file through a signed URL and attaches it to the record's file field; returns the updated record.`, '        '),
    `        grant = self.${pythonMethodName(helper.uploadUrl.route.operationId)}(${idArg!.name}, {"filename": filename, "contentType": content_type, "size": len(data), "field": field})`,
    '        self.upload_to_signed_url(grant["uploadUrl"], data, content_type)',
    `        return self.${pythonMethodName(helper.update.route.operationId)}(${idArg!.name}, _t.cast(${pythonType(api, helper.update.body, '_m.')}, {field: grant["fileKey"]}))`,
  ].join('\n');
}

function download(helper: SdkFileHelper): string {
  return [
    `    def download_${snakeCase(helper.entity)}_file(self, id: str, file_key: str) -> bytes:`,
    pythonDoc(`The bytes of a file attached to the record, through a signed download URL.`, '        '),
    `        grant = self.${pythonMethodName(helper.downloadUrl.route.operationId)}(id, file_key)`,
    '        return self.download_from_signed_url(grant["downloadUrl"])',
  ].join('\n');
}
