/**
 * Stack traces through a bundle's source map, without a cold-start cost. Node's own support
 * (NODE_OPTIONS=--enable-source-maps) reads and parses every bundle's map while the bundle loads,
 * before the first request, and formats every stack through it; `process.setSourceMapsEnabled`
 * covers only what loads after it. Here the map is read and parsed the first time a stack is
 * formatted (`err.stack` read: an error logged), once per execution environment; an error that is
 * created and never printed costs nothing. lib/shared/lambda-bundling.ts injects the installer
 * into every bundle (lazy-source-maps-install.ts); test/bench/cold-start.ts measures the three.
 *
 * A frame of the bundle reads `at fn (lambdas/.../file.ts:12:7)` instead of `index.mjs:1:34567`
 * (positions through the map; names stay the minified ones). Anything that fails here formats
 * the stack as V8 would: a stack is never lost to its mapping.
 */
import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload, type SourceMapping } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The parts of a V8 CallSite the formatter reads. */
export interface CallSiteLike {
  getFileName(): string | null | undefined;
  getLineNumber(): number | null;
  getColumnNumber(): number | null;
  toString(): string;
}

/** What a source is shown as: relative to where the bundle was built from, without the `../` esbuild writes from its output folder. */
function sourceLabel(bundleDir: string, source: string): string {
  const absolute = resolve(bundleDir, source);
  const fromRoot = /(?:^|\/)(lambdas|lib|local|node_modules)\//.exec(absolute);
  return fromRoot ? absolute.slice(fromRoot.index + (fromRoot[0].startsWith('/') ? 1 : 0)) : relative(bundleDir, absolute);
}

/**
 * A formatter for Error.prepareStackTrace that maps the frames of `bundleFile` through
 * `${bundleFile}.map`, read on first use; `readMap` is for tests.
 */
export function lazySourceMapFormatter(
  bundleFile: string,
  readMap: () => string = () => readFileSync(`${bundleFile}.map`, 'utf8'),
): (error: unknown, callSites: readonly CallSiteLike[]) => string {
  const bundleUrl = pathToFileURL(bundleFile).href;
  const bundleDir = dirname(bundleFile);
  let map: SourceMap | null | undefined;
  const loaded = (): SourceMap | null => {
    if (map !== undefined) return map;
    try {
      map = new SourceMap(JSON.parse(readMap()) as SourceMapPayload);
    } catch {
      map = null; // no map (or a broken one): plain positions from now on, without trying again
    }
    return map;
  };
  const frame = (site: CallSiteLike): string => {
    const text = String(site);
    const file = site.getFileName();
    const line = site.getLineNumber();
    const column = site.getColumnNumber();
    if ((file !== bundleUrl && file !== bundleFile) || line === null || column === null) return text;
    const entry = loaded()?.findEntry(line - 1, column - 1) as Partial<SourceMapping> | undefined;
    if (!entry?.originalSource || entry.originalLine === undefined || entry.originalColumn === undefined) return text;
    return text.replace(`${file}:${line}:${column}`, `${sourceLabel(bundleDir, entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`);
  };
  return (error, callSites) => {
    let header: string;
    try {
      header = Error.prototype.toString.call(error);
    } catch {
      header = '<error>';
    }
    const frames = callSites.map((site) => {
      try {
        return frame(site);
      } catch {
        return String(site);
      }
    });
    return [header, ...frames].join('\n    at ');
  };
}

/** Node's own formatter, which it exposes as Error.prepareStackTrace (the text this one writes, maps aside). */
const NODE_DEFAULT_FORMATTER = 'ErrorPrepareStackTrace';

/**
 * Installs the formatter for the bundle `bundleFile`, unless Node maps stacks itself
 * (--enable-source-maps) or something other than Node's default already formats them.
 */
export function installLazySourceMaps(bundleFile: string): void {
  const current = Error.prepareStackTrace as ((...args: unknown[]) => unknown) | undefined;
  if (process.sourceMapsEnabled || (current !== undefined && current.name !== NODE_DEFAULT_FORMATTER)) return;
  Error.prepareStackTrace = lazySourceMapFormatter(bundleFile) as NonNullable<ErrorConstructor['prepareStackTrace']>;
}
