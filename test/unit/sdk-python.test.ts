/**
 * The Python SDK generator (lambdas/core/sdk/python/), over every example's golden IR: golden
 * sources, every .py parsed as Python 3.9 by python3 itself, one method per operation of the
 * project API, the blueprint id and spec version in every file, the same bytes for the same input; and the same checks for an API whose names are keywords.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import { deterministicZip } from '../../lambdas/control-plane/cdk-archive/cdk-app-archive';
import { projectRoutes } from '../../lambdas/core/blueprint/project-routes';
import { pythonMethodName } from '../../lambdas/core/sdk/python/python-client';
import { pythonPackageName, pythonSdkFolder, renderPythonSdk } from '../../lambdas/core/sdk/python/python-sdk';
import { assertGoldenCurrent, readRepositoryFile } from '../fixtures/producers/golden-producer';
import { keywordNamedInput } from '../support/sdk-inputs';
import { exampleSdkInputs, sdkGoldenPath, sdkSources } from '../fixtures/producers/sdks';

const examples = exampleSdkInputs();
// The examples, and one whose field names are keywords of the languages.
const inputs = [...examples, { id: 'keywords', input: keywordNamedInput() }];
const rendered = inputs.map((e) => ({ ...e, files: renderPythonSdk(e.input) }));

describe('Python SDK golden sources (rendered from the golden IRs)', () => {
  const produced = sdkSources.produce(readRepositoryFile);
  it.each(examples.map((e) => [sdkGoldenPath(e.id, 'python')] as const))('%s is current', (path) => {
    assertGoldenCurrent(sdkSources, path, produced[path]!);
  });
});

describe('the Python SDK of every example', () => {
  it('is a package: pyproject.toml, py.typed, README, runtime, models, client', () => {
    for (const { input, files } of rendered) {
      const pkg = pythonPackageName(input.ir.project.name);
      expect([...files.keys()].sort()).toEqual(['README.md', 'pyproject.toml', ...['__init__.py', '_runtime.py', 'client.py', 'models.py', 'py.typed'].map((f) => `${pkg}/${f}`)].sort());
      expect(files.get('pyproject.toml')).toContain('requires-python = ">=3.9"');
      expect(files.get('pyproject.toml')).toContain('dependencies = []');
    }
  });

  it('parses as Python 3.9 (ast.parse with feature_version=(3, 9)), imports only the standard library, and imports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bgs-sdk-python-'));
    try {
      for (const { id, files } of rendered) {
        for (const [path, content] of files) {
          mkdirSync(dirname(join(dir, id, path)), { recursive: true });
          writeFileSync(join(dir, id, path), content);
        }
      }
      const script = [
        'import ast, pathlib, sys',
        'count = 0',
        'for f in sorted(pathlib.Path(sys.argv[1]).rglob("*.py")):',
        '    tree = ast.parse(f.read_text(encoding="utf-8"), filename=str(f), feature_version=(3, 9))',
        '    for node in ast.walk(tree):',
        '        if isinstance(node, ast.Import):',
        '            names = [a.name.split(".")[0] for a in node.names]',
        '        elif isinstance(node, ast.ImportFrom) and node.level == 0:',
        '            names = [node.module.split(".")[0]]',
        '        else:',
        '            continue',
        '        for name in names:',
        '            if name not in sys.stdlib_module_names:',
        '                raise SystemExit(f"{f}: imports {name}, not in the standard library")',
        '    count += 1',
        'print(count)',
      ].join('\n');
      const parsed = execFileSync('python3', ['-c', script, dir], { encoding: 'utf8' });
      expect(Number(parsed.trim())).toBe(rendered.length * 4);
      // And each package imports (its models evaluate) and exposes its client and the blueprint it came from.
      for (const { id, input } of rendered) {
        const pkg = pythonPackageName(input.ir.project.name);
        const imported = execFileSync('python3', ['-c', `import sys; sys.path.insert(0, sys.argv[1]); import ${pkg} as p; print(p.BLUEPRINT_ID, p.SPEC_VERSION, p.ApiError.__name__)`, join(dir, id)], { encoding: 'utf8' });
        expect(imported.trim()).toBe(`${input.blueprintId} ${input.ir.specVersion} ApiError`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has one client method per operation of the project API, named after its operationId', () => {
    for (const { input, files } of rendered) {
      const client = files.get(`${pythonPackageName(input.ir.project.name)}/client.py`)!;
      for (const route of projectRoutes(input.ir)) expect(client).toContain(`    def ${pythonMethodName(route.operationId)}(self`);
    }
  });

  it('names the blueprint id and spec version in every source file and in the package', () => {
    for (const { input, files } of rendered) {
      const pkg = pythonPackageName(input.ir.project.name);
      for (const [path, content] of files) if (path.endsWith('.py') || path.endsWith('.toml')) expect(content).toContain(`from blueprint ${input.blueprintId}, spec version ${input.ir.specVersion}.`);
      expect(files.get(`${pkg}/__init__.py`)).toContain(`BLUEPRINT_ID = "${input.blueprintId}"`);
      expect(files.get(`${pkg}/__init__.py`)).toContain(`SPEC_VERSION = ${input.ir.specVersion}`);
    }
  });

  it('zips byte-identically for the same input, and differently for another blueprint', () => {
    const { input } = examples[0]!;
    const zip = (blueprintId: string) => deterministicZip(pythonSdkFolder(input.projectId), renderPythonSdk({ ...input, blueprintId }));
    const a = zip('b-1');
    expect(Buffer.from(zip('b-1')).equals(Buffer.from(a))).toBe(true);
    expect(Buffer.from(zip('b-2')).equals(Buffer.from(a))).toBe(false);
    expect(Object.keys(unzipSync(a)).every((path) => path.startsWith(`${pythonSdkFolder(input.projectId)}/`))).toBe(true);
  });
});
