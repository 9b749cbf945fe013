/** README.md of the Python SDK: how to install it and examples written for this project's API. */
import { generatedNotice, type SdkApi } from '../sdk-api';
import { sdkExample, type ExampleValue } from '../sdk-examples';
import { snakeCase } from '../../text/case';
import { pythonIteratorName, pythonMethodName } from './python-client';

/** A Python literal of a JSON value. */
function pythonLiteral(value: ExampleValue): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  if (typeof value === 'object') return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${pythonLiteral(v)}`).join(', ')}}`;
  return JSON.stringify(value);
}

export function pythonReadme(api: SdkApi, pkg: string, clientClass: string): string {
  const ex = sdkExample(api);
  const m = (op: { route: { operationId: string } }) => pythonMethodName(op.route.operationId);
  const usage = [
    `from ${pkg} import ${clientClass}, ApiError, NotFoundError`,
    '',
    `client = ${clientClass}()  # or ${clientClass}("https://...", timeout=10)`,
    '',
    '# Sign up, confirm with the emailed code, log in (the client keeps the tokens).',
    `client.sign_up({"email": "ada@example.org", "password": "Str0ng-Passw0rd"${api.multiTenant ? ', "orgName": "Acme"' : ''}})`,
    'client.confirm_sign_up({"email": "ada@example.org", "code": "123456"})',
    'client.log_in({"email": "ada@example.org", "password": "Str0ng-Passw0rd"})',
  ];
  if (ex) {
    const id = `${snakeCase(ex.create.route.entity!)}["id"]`;
    usage.push('', `${snakeCase(ex.create.route.entity!)} = client.${m(ex.create)}(${pythonLiteral(ex.body)})`);
    if (ex.read) usage.push(`client.${m(ex.read)}(${id})`);
    if (ex.update && ex.change) usage.push(`client.${m(ex.update)}(${id}, ${pythonLiteral({ [ex.change[0]]: ex.change[1] })})`);
    if (ex.list) usage.push('', '# Every record, page after page:', `for item in client.${pythonIteratorName(ex.list.route.operationId)}():`, '    print(item["id"])');
  }
  if (ex?.files) {
    const entity = snakeCase(ex.files.entity);
    usage.push(
      '',
      '# Files go through signed URLs: upload and attach, then download.',
      `record = client.upload_${entity}_file("<id>", open("report.pdf", "rb").read(), filename="report.pdf", content_type="application/pdf")`,
      `data = client.download_${entity}_file("<id>", record[${JSON.stringify(ex.files.fields[0])}])`,
    );
  }
  if (ex?.workflowStart) {
    usage.push('', '# Workflows:', `started = client.${m(ex.workflowStart)}({"input": {}})`);
    if (ex.workflowSignal && ex.signalEvent) usage.push(`client.${m(ex.workflowSignal)}(started["workflow_id"], {"event": ${JSON.stringify(ex.signalEvent)}})`);
  }
  usage.push('', 'try:', '    client.get_me()', 'except NotFoundError:', '    pass', 'except ApiError as error:', '    print(error.status, error.code, error.message)');
  return [
    `# ${api.projectName}: Python client`,
    '',
    `<!-- ${generatedNotice(api, 'python')} -->`,
    '',
    api.summary,
    '',
    `Blueprint \`${api.blueprintId}\`, spec version ${api.specVersion}; default address \`${api.serverUrl}\`.`,
    'Python 3.9 or later, standard library only (urllib).',
    '',
    '## Install',
    '',
    '```sh',
    'pip install .            # or put this folder on PYTHONPATH',
    '```',
    '',
    '## Use',
    '',
    '```python',
    ...usage,
    '```',
    '',
    'Every operation of the API is a method named after its operationId (snake case); models are',
    `TypedDicts in \`${pkg}.models\`, enums \`Literal\` types. An access token that has expired is`,
    'refreshed once, automatically, and the request sent again. Errors raise `ApiError` subclasses',
    '(`ValidationError`, `UnauthorizedError`, `ForbiddenError`, `NotFoundError`, `ConflictError`,',
    '`RateLimitedError`, ...) with `status`, `code` and `message`.',
    '',
  ].join('\n');
}
