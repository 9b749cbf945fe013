/**
 * The import closure of a set of TypeScript sources: every repository file they import,
 * transitively (type-only imports included, so the copies type-check too), and every bare import
 * (an npm package) on the way. TypeScript's own pre-processor finds the imports and its resolver
 * resolves them with the repository's settings, so what is copied is what the compiler would read.
 */
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import * as ts from 'typescript';

/** A source to start from: a repository file, or a file that is not written yet (its text given). */
export interface ClosureRoot {
  /** Repository-relative path (`lib/project/project-stack.ts`, `bin/project-app.ts`). */
  readonly path: string;
  /** Its text, when it is not (yet) a file of the repository. */
  readonly text?: string;
}

export interface SourceClosure {
  /** Repository-relative paths of the repository files reached, sorted (the given-text roots excluded). */
  readonly files: readonly string[];
  /** Bare import specifiers found (`aws-cdk-lib/aws-iam`, `zod`), sorted; Node built-ins excluded. */
  readonly bareImports: readonly string[];
}

const RESOLUTION: ts.CompilerOptions = {
  module: ts.ModuleKind.Preserve,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  resolveJsonModule: true,
};

const BUILTINS = new Set(builtinModules);

export const isBuiltin = (specifier: string): boolean => specifier.startsWith('node:') || BUILTINS.has(specifier);
const isRelative = (specifier: string): boolean => specifier.startsWith('./') || specifier.startsWith('../');

/** The specifiers a TypeScript source imports (static, type-only, re-exports, `import()` and `require`). */
export function importSpecifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((ref) => ref.fileName);
}

/** The npm package a bare specifier names: `@aws-sdk/lib-dynamodb/x` -> `@aws-sdk/lib-dynamodb`, `aws-cdk-lib/aws-iam` -> `aws-cdk-lib`. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

export function sourceClosure(roots: readonly ClosureRoot[], repoRoot: string): SourceClosure {
  const files = new Set<string>();
  const bare = new Set<string>();
  const queue: { abs: string; text?: string }[] = roots.map((r) => ({ abs: join(repoRoot, r.path), ...(r.text === undefined ? {} : { text: r.text }) }));
  const seen = new Set<string>();
  while (queue.length > 0) {
    const { abs, text } = queue.shift()!;
    if (seen.has(abs)) continue;
    seen.add(abs);
    if (text === undefined) files.add(relative(repoRoot, abs).split(sep).join('/'));
    if (abs.endsWith('.json')) continue;
    for (const specifier of importSpecifiers(text ?? readFileSync(abs, 'utf8'))) {
      if (isBuiltin(specifier)) continue;
      if (!isRelative(specifier)) {
        bare.add(specifier);
        continue;
      }
      const resolved = ts.resolveModuleName(specifier, abs, RESOLUTION, ts.sys).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) throw new Error(`${relative(repoRoot, abs)}: cannot resolve ${specifier}`);
      const target = relative(repoRoot, resolved.resolvedFileName);
      if (target.startsWith('..')) throw new Error(`${relative(repoRoot, abs)}: ${specifier} leaves the repository`);
      queue.push({ abs: resolved.resolvedFileName });
    }
  }
  return { files: [...files].sort(), bareImports: [...bare].sort() };
}
