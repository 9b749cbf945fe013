/**
 * The Python SDK of a project API: an installable package (pyproject.toml, py.typed), standard
 * library only, Python 3.9+. The runtime (requests, tokens, errors, pages, signed URLs) is the
 * template templates/sdk-python/_runtime.py (embedded by templates/write-sdk-runtime.ts); models.py (TypedDicts and Literal enums), client.py
 * (one method per operation, page iterators, file helpers), __init__.py and the README are
 * written here from the project's API (sdk-api.ts). Pure: the same input gives the same files.
 */
import { SDK_TEMPLATES } from '../runtime-templates';
import { generatedNotice, sdkApi, sdkVersion, typeNameOf, type SdkApi, type SdkInput } from '../sdk-api';
import { snakeCase } from '../../text/case';
import { pythonClient } from './python-client';
import { pythonModels } from './python-models';
import { pythonReadme } from './python-readme';
import { pythonDoc } from './python-types';

/** `Task tracker` -> `task_tracker_client`. */
export const pythonPackageName = (projectName: string): string => `${snakeCase(projectName) || 'bgs_project'}_client`;

/** The archive's top folder. */
export const pythonSdkFolder = (projectId: string): string => `bgs-project-${projectId}-sdk-python`;

/** The SDK's files by path (inside the archive's top folder). */
export function renderPythonSdk(input: SdkInput): Map<string, string> {
  const api = sdkApi(input);
  const pkg = pythonPackageName(api.projectName);
  const clientClass = `${typeNameOf(api.projectName)}Client`;
  const notice = `# ${generatedNotice(api, 'python')}\n`;
  const files = new Map<string, string>();
  files.set('pyproject.toml', `${notice}${pyproject(api, pkg)}`);
  files.set('README.md', pythonReadme(api, pkg, clientClass));
  files.set(`${pkg}/py.typed`, '');
  files.set(`${pkg}/__init__.py`, `${notice}${initModule(api, clientClass)}`);
  files.set(`${pkg}/_runtime.py`, `${notice}${SDK_TEMPLATES.python['_runtime.py']}`);
  files.set(`${pkg}/models.py`, `${notice}${pythonModels(api)}`);
  files.set(`${pkg}/client.py`, `${notice}${pythonClient(api, clientClass)}`);
  return files;
}

const tomlString = (text: string): string => JSON.stringify(text);

function pyproject(api: SdkApi, pkg: string): string {
  return [
    '[build-system]',
    'requires = ["setuptools>=61"]',
    'build-backend = "setuptools.build_meta"',
    '',
    '[project]',
    `name = ${tomlString(pkg.replace(/_/g, '-'))}`,
    `version = ${tomlString(sdkVersion(api))}`,
    `description = ${tomlString(`Client of the ${api.projectName} API (blueprint ${api.blueprintId}, spec version ${api.specVersion})`)}`,
    'readme = "README.md"',
    'requires-python = ">=3.9"',
    '# Standard library only.',
    'dependencies = []',
    '',
    '[tool.setuptools]',
    `packages = [${tomlString(pkg)}]`,
    '',
    '[tool.setuptools.package-data]',
    `${pkg} = ["py.typed"]`,
    '',
  ].join('\n');
}

function initModule(api: SdkApi, clientClass: string): string {
  return [
    pythonDoc(`Client of the ${api.projectName} API. See README.md.`, ''),
    '',
    'from ._runtime import *  # noqa: F401,F403',
    'from .models import *  # noqa: F401,F403',
    `from .client import ${clientClass}`,
    '',
    `__version__ = ${JSON.stringify(sdkVersion(api))}`,
    '#: The blueprint this SDK was generated from.',
    `BLUEPRINT_ID = ${JSON.stringify(api.blueprintId)}`,
    '#: The spec version of that blueprint.',
    `SPEC_VERSION = ${api.specVersion}`,
    '#: The API address the client uses unless given another.',
    `DEFAULT_BASE_URL = ${JSON.stringify(api.serverUrl)}`,
    '',
  ].join('\n');
}
