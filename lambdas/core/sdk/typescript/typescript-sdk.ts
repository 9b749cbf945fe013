/**
 * The TypeScript SDK of a project API: an npm package (ESM with declarations, no runtime
 * dependency, compiling under `tsc --strict`). The runtime (requests, tokens, errors, pages,
 * signed URLs) and tsconfig.json are the templates of templates/sdk-typescript/ (embedded by
 * templates/write-sdk-runtime.ts); models, client, index, package.json and the README are written
 * here from the project's API (sdk-api.ts). Pure: the same input gives the same files.
 */
import { SDK_TEMPLATES } from '../runtime-templates';
import { generatedNotice, sdkApi, sdkVersion, typeNameOf, type SdkApi, type SdkInput } from '../sdk-api';
import { snakeCase } from '../../text/case';
import { typescriptClient } from './typescript-client';
import { typescriptModels } from './typescript-models';
import { typescriptReadme } from './typescript-readme';

/** `Task tracker` -> `task-tracker-client`. */
export const typescriptPackageName = (projectName: string): string => `${(snakeCase(projectName) || 'bgs_project').replace(/_/g, '-')}-client`;

/** The archive's top folder. */
export const typescriptSdkFolder = (projectId: string): string => `bgs-project-${projectId}-sdk-typescript`;

/** The names a TypeScript module exports (`export class X`, `export interface Y`...), values and types apart. */
function exportedNames(source: string): { values: string[]; types: string[] } {
  const found = [...source.matchAll(/^export (?:abstract )?(class|const|function|interface|type) ([A-Za-z_$][A-Za-z0-9_$]*)/gm)];
  return { values: found.filter((m) => m[1] !== 'interface' && m[1] !== 'type').map((m) => m[2]!), types: found.filter((m) => m[1] === 'interface' || m[1] === 'type').map((m) => m[2]!) };
}

/** The SDK's files by path (inside the archive's top folder). */
export function renderTypescriptSdk(input: SdkInput): Map<string, string> {
  const api = sdkApi(input);
  const npmName = typescriptPackageName(api.projectName);
  const clientClass = `${typeNameOf(api.projectName)}Client`;
  const notice = `// ${generatedNotice(api, 'typescript')}\n`;
  const runtime = SDK_TEMPLATES.typescript['runtime.ts'];
  const models = typescriptModels(api);
  const client = typescriptClient(api, clientClass);
  const files = new Map<string, string>();
  files.set('package.json', packageJson(api, npmName));
  files.set('tsconfig.json', SDK_TEMPLATES.typescript['tsconfig.json']);
  files.set('README.md', typescriptReadme(api, npmName, clientClass));
  files.set('src/runtime.ts', `${notice}${runtime}`);
  files.set('src/models.ts', `${notice}${models}`);
  files.set('src/client.ts', `${notice}${client}`);
  files.set('src/index.ts', `${notice}${indexModule(runtime, models, client)}`);
  return files;
}

/** Everything the models and the client export, and the runtime's errors and types where no model has the same name. */
function indexModule(runtime: string, models: string, client: string): string {
  const taken = new Set([models, client].flatMap((source) => Object.values(exportedNames(source)).flat()));
  const { values, types } = exportedNames(runtime);
  return [
    "export * from './models.js';",
    "export * from './client.js';",
    `export { ${values.filter((name) => !taken.has(name)).join(', ')} } from './runtime.js';`,
    `export type { ${types.filter((name) => !taken.has(name)).join(', ')} } from './runtime.js';`,
    '',
  ].join('\n');
}

function packageJson(api: SdkApi, npmName: string): string {
  const manifest = {
    name: npmName,
    version: sdkVersion(api),
    description: `Client of the ${api.projectName} API. ${generatedNotice(api, 'typescript')}`,
    type: 'module',
    main: './dist/index.js',
    types: './dist/index.d.ts',
    exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } },
    files: ['dist', 'src'],
    scripts: { build: 'tsc -p tsconfig.json', prepare: 'tsc -p tsconfig.json' },
    engines: { node: '>=18' },
    // No runtime dependency: the platform's fetch. TypeScript only builds it.
    devDependencies: { typescript: '^5.7.0' },
    bgs: { projectId: api.projectId, blueprintId: api.blueprintId, specVersion: api.specVersion },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
