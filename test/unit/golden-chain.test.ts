/**
 * The golden files form a chain (test/fixtures/producers/chain.ts): description -> spec ->
 * blueprint IR -> OpenAPI, design document and SDKs -> API reference pages, each layer made from the goldens of the layer
 * below. This proves it: running the chain in memory the way `npm run fixtures:refresh` runs it
 * gives exactly the files on disk (so a refresh changes nothing), each producer reads nothing but
 * hand-written sources and the goldens of the layers below it, and a change of a golden below
 * reaches every golden made from it (so none is made by re-running the steps under it).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { GOLDEN_DIRS, GOLDEN_LAYERS } from '../fixtures/producers/chain';
import { descriptionPath } from '../fixtures/producers/offline-author';
import { type GoldenProducer, type ReadFixture, readRepositoryFile, REPOSITORY_ROOT } from '../fixtures/producers/golden-producer';
import { loadExamples } from '../support/example-fixtures';

/** Hand-written inputs of the first layer (not goldens: nothing produces them). */
const SOURCES = new Set(loadExamples().map((e) => descriptionPath(e.id)));

/** Every file under a directory, by its path from the repository root. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(REPOSITORY_ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    return statSync(join(REPOSITORY_ROOT, path)).isDirectory() ? filesUnder(path) : [path];
  });
}

interface Run {
  producer: GoldenProducer;
  layer: number;
  reads: string[];
  files: Record<string, string>;
}

/**
 * The chain run in memory, lowest layer first: a producer may read the sources (from disk) and
 * what the layers below it produced in this run, and nothing else (its own layer's goldens, a
 * later layer's or any other file throws).
 */
function runChain(): Run[] {
  const below = new Map<string, string>();
  const runs: Run[] = [];
  GOLDEN_LAYERS.forEach((layer, index) => {
    const made: Run[] = layer.producers.map((producer) => {
      const reads: string[] = [];
      const read: ReadFixture = (path) => {
        reads.push(path);
        const content = below.get(path) ?? (SOURCES.has(path) ? readRepositoryFile(path) : undefined);
        if (content === undefined) throw new Error(`${producer.goldens} read ${path}: neither a source nor a golden of a layer below ${layer.name}`);
        return content;
      };
      return { producer, layer: index, reads, files: producer.produce(read) };
    });
    for (const run of made) for (const [path, content] of Object.entries(run.files)) below.set(path, content);
    runs.push(...made);
  });
  return runs;
}

const runs = runChain();
const goldenPaths = runs.flatMap((r) => Object.keys(r.files));
const layerOf = new Map(runs.flatMap((r) => Object.keys(r.files).map((path) => [path, r.layer] as const)));

describe('the golden chain', () => {
  it('run in memory as fixtures:refresh runs it, gives the files on disk (a refresh changes nothing)', () => {
    const stale = runs.flatMap((r) => Object.entries(r.files).filter(([path, content]) => readRepositoryFile(path) !== content).map(([path]) => path));
    if (stale.length > 0) throw new Error(`stale goldens (run \`npm run fixtures:refresh\` and review the diff): ${stale.join(', ')}`);
  });

  it('writes test fixtures only, each golden once, and leaves none behind in the golden directories', () => {
    for (const path of goldenPaths) expect(path.startsWith('test/fixtures/')).toBe(true);
    expect(new Set(goldenPaths).size).toBe(goldenPaths.length);
    expect(GOLDEN_DIRS.flatMap(filesUnder).sort()).toEqual([...goldenPaths].sort());
  });

  it('every layer above the first reads goldens of the layer just below it', () => {
    for (const run of runs.filter((r) => r.layer > 0)) {
      expect(run.reads.filter((path) => layerOf.get(path) === run.layer - 1)).not.toEqual([]);
      for (const path of run.reads) expect(layerOf.get(path)).toBeLessThan(run.layer);
    }
  });
});

/** A recognisable change of an input, kept valid for the step that reads it. */
const PROBE = 'Chain probe';
function probed(path: string, content: string): string {
  if (path.endsWith('.ir.json')) {
    const ir = JSON.parse(content) as { project: { name: string } };
    ir.project.name = PROBE;
    return `${JSON.stringify(ir, null, 2)}\n`;
  }
  if (path.endsWith('.openapi.json')) {
    const doc = JSON.parse(content) as { info: { title: string } };
    doc.info.title = PROBE;
    return `${JSON.stringify(doc, null, 2)}\n`;
  }
  if (SOURCES.has(path)) return `${content.trimEnd()} ${PROBE}.\n`;
  return content.replace(/^# .*$/m, `# ${PROBE}`);
}

describe('a change of a golden reaches every golden made from it', () => {
  // Only the inputs of the layer just below change (the sources, for the first layer): an output
  // that follows proves it is made from that golden, not from the steps under it run again.
  const probedRuns = runs.filter((r) => r.reads.length > 0);

  it.each(probedRuns.map((r) => [r.producer.goldens, r] as const))('%s', (_goldens, run) => {
    const input = (path: string) => (run.layer === 0 ? SOURCES.has(path) : layerOf.get(path) === run.layer - 1);
    const read: ReadFixture = (path) => (input(path) ? probed(path, readRepositoryFile(path)) : readRepositoryFile(path));
    for (const [path, content] of Object.entries(run.producer.produce(read))) {
      expect(run.files[path]).not.toContain(PROBE);
      if (!content.includes(PROBE)) throw new Error(`${path} did not follow a change of its input: it is not made from ${run.producer.from}`);
    }
  });
});
