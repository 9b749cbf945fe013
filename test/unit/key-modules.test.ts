/**
 * One key module per table (issue 22): every PK/SK of a table is spelled in its key module and
 * nowhere else in lambdas/ or local/, so a key layout is one fact in one place. The scan reads
 * the sources' string literals (comments are not code: a module may describe a layout) and
 * flags two things outside the key modules:
 *   - a key literal: an upper-case word followed by `#` (`EMAIL#`, `O#`, `RATE#`, ...);
 *   - a key built inline: an object property PK, SK or GSI<n>PK/SK given a string or template.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..');
const SCANNED = ['lambdas', 'local'];

/** The key module of each table. */
const KEY_MODULES: Readonly<Record<string, string>> = {
  'lambdas/adapters/dynamodb/keys.ts': 'the control-plane table',
  'lambdas/adapters/project-data/project-table-keys.ts': "a generated project's table",
  'lambdas/adapters/identity/local-identity-table-keys.ts': 'the local identity table',
};

/**
 * Literals still waiting for their file's owner to switch to the key module (each names the
 * function that replaces it). An entry whose literal is gone fails the test: delete it then.
 */
const PENDING: ReadonlyArray<{ file: string; literal: string; use: string }> = [];

const KEY_LITERAL = /(?:^|[^A-Za-z0-9_])([A-Z][A-Z0-9_]*#)/g;
const KEY_PROPERTY = /^(PK|SK|GSI\d+PK|GSI\d+SK)$/;

interface Finding {
  file: string;
  line: number;
  /** The key literal (`EMAIL#`) or the property built inline (`PK`). */
  what: string;
}

/** The key literals and inline keys of one source text. */
function keyFindings(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: Finding[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      for (const match of node.text.matchAll(KEY_LITERAL)) out.push({ file, line: lineOf(node), what: match[1]! });
    }
    if (ts.isPropertyAssignment(node) && KEY_PROPERTY.test(node.name.getText(source)) && (ts.isStringLiteralLike(node.initializer) || ts.isTemplateExpression(node.initializer))) {
      out.push({ file, line: lineOf(node), what: node.name.getText(source) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const all = SCANNED.flatMap(sources).map((file) => relative(ROOT, join(ROOT, file)).split(sep).join('/'));
const findings = all.flatMap((file) => keyFindings(file, readFileSync(join(ROOT, file), 'utf8')));
const isPending = (f: Finding) => PENDING.some((p) => p.file === f.file && p.literal === f.what);

describe('one key module per table', () => {
  it('finds key literals in string literals and templates, and keys built inline, but not in comments', () => {
    const sample = [
      '/** PK `EMAIL#<email>` */',
      "const a = { PK: `M#${id}`, SK: 'M' };",
      "const b = `${prefix}O#${org}#`;",
      "const c = 'attribute_not_exists(PK) AND #pk = :pk';",
      'const d = { PK: keys.project(id).PK };',
    ].join('\n');
    expect(keyFindings('sample.ts', sample).map((f) => `${f.line}:${f.what}`)).toEqual(['2:PK', '2:M#', '2:SK', '3:O#']);
  });

  it('no source outside the key modules spells a key', () => {
    const outside = findings.filter((f) => !(f.file in KEY_MODULES) && !isPending(f));
    const message = outside.map((f) => `${f.file}:${f.line} ${f.what}`).join('\n');
    expect(message).toBe('');
  });

  it('every key module holds keys (the scan sees them)', () => {
    for (const file of Object.keys(KEY_MODULES)) expect(findings.filter((f) => f.file === file).length).toBeGreaterThan(0);
  });

  it('pending literals are still there (delete an entry once its file uses the key module)', () => {
    for (const pending of PENDING) {
      expect(findings.some((f) => f.file === pending.file && f.what === pending.literal)).toBe(true);
    }
  });
});
