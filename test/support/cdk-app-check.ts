/**
 * Checks of an exported CDK app (GET /projects/{projectId}/artifacts/cdk) shared by its tests and
 * the bench: unzip it, find the bare imports its package.json misses, and compare a template
 * with another apart from code locations.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import { importSpecifiers, isBuiltin, packageOf } from '../../lib/project/export/source-closure';

/** Unzips `zip` into `dir`; returns the archive's single top folder (absolute). */
export function unzipInto(zip: Uint8Array, dir: string): string {
  const entries = unzipSync(zip);
  const tops = new Set(Object.keys(entries).map((path) => path.split('/')[0]!));
  if (tops.size !== 1) throw new Error(`expected one top folder, got ${[...tops].join(', ')}`);
  for (const [path, bytes] of Object.entries(entries)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), bytes);
  }
  return join(dir, [...tops][0]!);
}

/** Every `.ts` file under `dir` (relative paths), node_modules and cdk.out left out. */
export function typeScriptFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'cdk.out' ? [] : typeScriptFiles(dir, path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The bare imports of the app's sources that its package.json does not list (an import of types only may be listed as its @types package). */
export function unlistedImports(appDir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
  const listed = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)]);
  const missing = new Set<string>();
  for (const file of typeScriptFiles(appDir)) {
    for (const specifier of importSpecifiers(readFileSync(join(appDir, file), 'utf8'))) {
      if (specifier.startsWith('.') || isBuiltin(specifier)) continue;
      const name = packageOf(specifier);
      if (!listed.has(name) && !listed.has(`@types/${name.replace(/^@/, '').replace('/', '__')}`)) missing.add(`${file}: ${specifier}`);
    }
  }
  return [...missing].sort();
}

interface TemplateJson {
  Resources: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
  [section: string]: unknown;
}

/**
 * A template with every function's code location (its S3 key, the asset hash) replaced by a
 * marker, and so the logical id of a published version (`...CurrentVersion<id><code hash>`: the
 * workflow function's, behind its alias), which hashes its function's code.
 */
export function withoutCodeLocations(template: unknown): TemplateJson {
  const copy = JSON.parse(JSON.stringify(template).replace(/(CurrentVersion[0-9A-F]{8})[0-9a-f]{32}/g, '$1<code hash>')) as TemplateJson;
  for (const resource of Object.values(copy.Resources)) {
    if (resource.Type === 'AWS::Lambda::Function' && resource.Properties?.Code) {
      const code = resource.Properties.Code as Record<string, unknown>;
      resource.Properties.Code = { ...code, S3Key: '<code location>' };
    }
  }
  return copy;
}
