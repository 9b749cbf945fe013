/** README.md of the TypeScript SDK: how to build it and examples written for this project's API. */
import { generatedNotice, type SdkApi } from '../sdk-api';
import { sdkExample, type ExampleValue } from '../sdk-examples';
import { camelCase, kebabCase } from '../../text/case';
import { tsFileHelperName, tsIteratorName } from './typescript-client';
import { tsKey } from './typescript-types';

/** A TypeScript literal of a JSON value, in the README's style (`{ title: 'x' }`). */
function literal(value: ExampleValue): string {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => `${tsKey(k)}: ${literal(v)}`);
    return entries.length > 0 ? `{ ${entries.join(', ')} }` : '{}';
  }
  return String(value);
}

export function typescriptReadme(api: SdkApi, npmName: string, clientClass: string): string {
  const ex = sdkExample(api);
  const usage = [
    `import { ${clientClass}, ApiError, NotFoundError } from '${npmName}';`,
    '',
    `const client = new ${clientClass}(); // or new ${clientClass}({ baseUrl: 'https://...', timeoutMs: 10_000 })`,
    '',
    '// Sign up, confirm with the emailed code, log in (the client keeps the tokens).',
    `await client.signUp({ email: 'ada@example.org', password: 'Str0ng-Passw0rd'${api.multiTenant ? ", orgName: 'Acme'" : ''} });`,
    "await client.confirmSignUp({ email: 'ada@example.org', code: '123456' });",
    "await client.logIn({ email: 'ada@example.org', password: 'Str0ng-Passw0rd' });",
  ];
  if (ex) {
    const variable = camelCase(kebabCase(ex.create.route.entity!));
    usage.push('', `const ${variable} = await client.${ex.create.route.operationId}(${literal(ex.body)});`);
    if (ex.read) usage.push(`await client.${ex.read.route.operationId}(${variable}.id);`);
    if (ex.update && ex.change) usage.push(`await client.${ex.update.route.operationId}(${variable}.id, ${literal({ [ex.change[0]]: ex.change[1] })});`);
    if (ex.list) usage.push('', '// Every record, page after page:', `for await (const item of client.${tsIteratorName(ex.list.route.operationId)}()) console.log(item.id);`);
  }
  if (ex?.files) {
    usage.push(
      '',
      '// Files go through signed URLs: upload and attach, then download (bytes: a Uint8Array).',
      `const record = await client.${tsFileHelperName('upload', ex.files.entity)}('<id>', bytes, { filename: 'report.pdf', contentType: 'application/pdf' });`,
      `const data = await client.${tsFileHelperName('download', ex.files.entity)}('<id>', record.${ex.files.fields[0]}!);`,
    );
  }
  if (ex?.workflowStart) {
    usage.push('', '// Workflows:', `const started = await client.${ex.workflowStart.route.operationId}({ input: {} });`);
    if (ex.workflowSignal && ex.signalEvent) usage.push(`await client.${ex.workflowSignal.route.operationId}(started.workflow_id, { event: '${ex.signalEvent}' });`);
  }
  usage.push('', 'try {', '  await client.getMe();', '} catch (error) {', '  if (error instanceof ApiError) console.log(error.status, error.code, error.message);', '}');
  return [
    `# ${api.projectName}: TypeScript client`,
    '',
    `<!-- ${generatedNotice(api, 'typescript')} -->`,
    '',
    api.summary,
    '',
    `Blueprint \`${api.blueprintId}\`, spec version ${api.specVersion}; default address \`${api.serverUrl}\`.`,
    'ESM with type declarations, no runtime dependency: it uses the platform `fetch` (Node 18+, browsers).',
    '',
    '## Build',
    '',
    '```sh',
    'npm install && npm run build   # tsc --strict -> dist/ (.js and .d.ts)',
    '```',
    '',
    '## Use',
    '',
    '```ts',
    ...usage,
    '```',
    '',
    'Every operation of the API is a method named after its operationId; entities are interfaces and',
    'enums unions of string literals in `src/models.ts`. An access token that has expired is refreshed',
    'once, automatically, and the request sent again. Errors throw `ApiError` subclasses',
    '(`ValidationError`, `UnauthorizedError`, `ForbiddenError`, `NotFoundError`, `ConflictError`,',
    '`RateLimitedError`, ...) with `status`, `code` and `message`.',
    '',
  ].join('\n');
}
