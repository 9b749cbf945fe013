/**
 * A faithful TypeScript port of the spec scoring of ../shared/tools/author_eval.py
 * (`score(doc, exp, 'spec')` with spec_lines, line_tokens, cands, type_ok, size_forms,
 * detect_multi, count_workflows): structural recall of a Markdown spec against an example's
 * expected.json. Only headings, table cells, list items and code spans count, so a spec that
 * merely repeats the description scores near zero. `perfectSpec` ports `perfect_spec` for the
 * scorer's self-test.
 */

import type { ExpectedField, ExpectedSpec } from './expected-spec';

export type { ExpectedField, ExpectedSpec } from './expected-spec';

export interface Recall {
  found: number;
  want: number;
  misses: string[];
}

export function norm(s: unknown): string {
  return String(s).toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Python's str.strip(chars) for a set of characters. */
function stripChars(s: string, chars: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && chars.includes(s[a]!)) a += 1;
  while (b > a && chars.includes(s[b - 1]!)) b -= 1;
  return s.slice(a, b);
}

function splitTokens(text: string, out: Set<string>): Set<string> {
  const t = text.replace(/[*_`]+(?=\S)|(?<=\S)[*_`]+/g, '');
  out.add(norm(t));
  for (const m of t.toLowerCase().matchAll(/(\d+)\s*(kb|kib|mb|mib|gb|gib)\b/g)) out.add(m[1]! + m[2]!);
  for (const part of t.split(/[\s,;|()[\]{}:=]+/)) {
    if (!part) continue;
    out.add(norm(part));
    for (const sub of part.split('/')) out.add(norm(sub));
  }
  return out;
}

type SpecLine = { kind: 'h' | 'li' | 'code'; text: string } | { kind: 'row'; cells: string[]; header: string[] };

const SEPARATOR_CELL = /^:?-{2,}:?$/;
const LIST_ITEM = /^([-*+]|\d+[.)])\s+/;

export function specLines(md: string): SpecLine[] {
  const lines: SpecLine[] = [];
  let header: string[] | undefined;
  let lastRow: string[] | undefined;
  for (const raw of (md ?? '').split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (!line.startsWith('|')) {
      header = undefined;
      lastRow = undefined;
    }
    if (!line) continue;
    if (line.startsWith('#')) {
      lines.push({ kind: 'h', text: line.replace(/^#+/, '').trim() });
    } else if (line.startsWith('|')) {
      const cells = stripChars(line, '|').split('|').map((c) => c.trim());
      if (cells.every((c) => SEPARATOR_CELL.test(c || '--'))) {
        header = lastRow;
        continue;
      }
      lastRow = cells;
      lines.push({ kind: 'row', cells, header: header ?? [] });
    } else if (LIST_ITEM.test(line)) {
      lines.push({ kind: 'li', text: line.replace(LIST_ITEM, '') });
    } else {
      for (const m of line.matchAll(/`([^`]+)`/g)) lines.push({ kind: 'code', text: m[1]! });
    }
  }
  return lines;
}

const EMPTY_CELL = new Set(['', '-', '\u2014', 'none', 'no', 'n/a', 'x']);

export function lineTokens(line: SpecLine): Set<string> {
  const out = new Set<string>();
  if (line.kind === 'row') {
    line.cells.forEach((c, i) => {
      splitTokens(c, out);
      if (i > 0 && i < line.header.length && !EMPTY_CELL.has(c.trim().toLowerCase())) splitTokens(line.header[i]!, out);
    });
  } else {
    splitTokens(line.text, out);
  }
  return out;
}

export function fieldVariants(name: string): Set<string> {
  const n = norm(name);
  const base = n.replace(/(id|key)$/, '');
  const out = new Set([n, base, `${base}id`, `${base}key`, `is${n}`, `has${n}`]);
  out.delete('');
  return out;
}

export function entityNames(name: string): Set<string> {
  const n = norm(name);
  return new Set([n, `${n}s`, `${n}es`, n.replace(/y$/, 'ies')]);
}

const TYPE_TOKENS: Record<string, Set<string>> = {
  string: new Set(['string', 'str', 'text', 'varchar']),
  text: new Set(['text', 'string', 'markdown', 'longtext']),
  integer: new Set(['integer', 'int', 'int32', 'int64', 'number', 'numeric']),
  number: new Set(['number', 'decimal', 'float', 'double', 'numeric', 'money', 'currency', 'integer', 'int']),
  boolean: new Set(['boolean', 'bool']),
  date: new Set(['date', 'datetime', 'timestamp']),
  datetime: new Set(['datetime', 'timestamp', 'instant']),
  email: new Set(['email']),
  url: new Set(['url', 'uri']),
  file: new Set(['file', 'files', 'attachment', 'upload', 'object', 'blob', 's3', 'contenttypes', 'maxbytes', 'maxsize', 'mimetypes', 'allowedtypes', 'filekey', 'storage']),
};

const intersects = (a: Set<string>, b: Set<string>) => [...a].some((x) => b.has(x));

export function typeOk(expected: string, toks: Set<string>, fdef: ExpectedField): boolean {
  if (expected.startsWith('ref(')) {
    const target = norm(expected.slice(4, -1));
    return intersects(new Set([target, 'ref', 'reference', 'relation', 'foreignkey', 'belongsto', 'fk']), toks);
  }
  if (expected === 'enum') {
    const vals = (fdef.values ?? []).map(norm);
    return (toks.has('enum') || vals.length > 0) && vals.every((v) => toks.has(v));
  }
  if (expected === 'datetime') return intersects(TYPE_TOKENS.datetime!, toks) || toks.has('datetime');
  return intersects(TYPE_TOKENS[expected] ?? new Set([expected]), toks);
}

export function sizeForms(n: number): Set<string> {
  const mb = n / 1048576;
  const forms = new Set([String(n)]);
  if (mb === Math.trunc(mb)) {
    const m = Math.trunc(mb);
    for (const f of [`${m}mb`, `${m}mib`, String(m * 1000000), String(m * 1024 * 1000)]) forms.add(f);
  }
  return forms;
}

export function detectMulti(doc: string): boolean {
  for (const line of specLines(doc)) {
    const text = line.kind === 'row' ? line.cells.join(' ') : line.text;
    const low = text.toLowerCase();
    if (low.includes('single') || /\bno\b|\bnot\b|\bnone\b/.test(low)) continue;
    if (/multi[- ]?tenan|org_id|orgid/.test(low)) return true;
  }
  return false;
}

export function countWorkflows(doc: string): number {
  let subs = 0;
  let items = 0;
  let inside = false;
  let level = 0;
  let prevRow = false;
  for (const raw of (doc ?? '').split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    const m = /^(#+)\s+(.*)/.exec(line);
    if (m) {
      const lv = m[1]!.length;
      const title = m[2]!.toLowerCase();
      if (title.includes('workflow') && !inside) {
        inside = true;
        level = lv;
      } else if (inside && lv <= level) {
        inside = false;
      } else if (inside) {
        subs += 1;
      }
      continue;
    }
    if (!inside) continue;
    if (line.startsWith('|')) {
      const cells = stripChars(line, '|').split('|').map((c) => c.trim());
      if (cells.every((c) => SEPARATOR_CELL.test(c || '--'))) {
        items -= prevRow ? 1 : 0;
      } else if (!line.toLowerCase().includes('none')) {
        items += 1;
      }
      prevRow = true;
      continue;
    }
    prevRow = false;
    if (LIST_ITEM.test(line) && !line.toLowerCase().includes('none')) items += 1;
  }
  return subs ? subs : items > 0 ? 1 : 0;
}

/** author_eval.py `score(doc, exp, 'spec')`. */
export function scoreSpec(doc: string, exp: ExpectedSpec): Recall {
  const t: Recall = { found: 0, want: 0, misses: [] };
  const item = (ok: boolean, label: string) => {
    t.want += 1;
    if (ok) t.found += 1;
    else t.misses.push(label);
  };
  const lines = specLines(doc).map((l) => ({ line: l, toks: lineTokens(l) }));
  const toks = new Set<string>();
  for (const l of lines) for (const x of l.toks) toks.add(x);
  const cands = (names: Set<string>): Array<Set<string>> => {
    const out: Array<Set<string>> = [];
    for (const { line, toks: lt } of lines) {
      if (line.kind === 'row' && line.cells.length > 0 && names.has(norm(line.cells[0]!.replace(/[`*_]/g, '')))) out.push(lt);
      else if ((line.kind === 'li' || line.kind === 'h') && intersects(names, lt)) out.push(lt);
    }
    return out;
  };

  for (const [ent, spec] of Object.entries(exp.entities ?? {})) {
    item(intersects(entityNames(ent), toks), `entity ${ent}`);
    for (const [fname, f] of Object.entries(spec.fields ?? {})) {
      const variants = fieldVariants(fname);
      item(intersects(variants, toks), `field ${ent}.${fname}`);
      const fc = cands(variants);
      item(fc.some((c) => typeOk(f.type, c, f)), `type ${ent}.${fname}:${f.type}`);
      for (const v of f.values ?? []) item(toks.has(norm(v)), `value ${ent}.${fname}=${v}`);
      for (const ct of f.contentTypes ?? []) {
        const n = norm(ct.replace('/*', ''));
        item(fc.some((c) => [...c].some((x) => x.startsWith(n))), `content type ${ent}.${fname}=${ct}`);
      }
      if (f.maxBytes !== undefined) {
        const forms = sizeForms(f.maxBytes);
        item(fc.some((c) => intersects(forms, c)), `size ${ent}.${fname}<=${f.maxBytes}`);
      }
      if (f.unique) item(fc.some((c) => c.has('unique') || c.has('uniq')), `unique ${ent}.${fname}`);
    }
  }

  for (const [role, rights] of Object.entries(exp.roles ?? {})) {
    const names = new Set([norm(role), norm(role.replace(/_/g, ''))]);
    item(intersects(names, toks), `role ${role}`);
    const rc = cands(names);
    for (const ent of Object.keys(rights)) {
      const ec = cands(entityNames(ent));
      const ok = rc.some((c) => intersects(entityNames(ent), c)) || ec.some((c) => intersects(names, c));
      item(ok, `rights ${role} on ${ent}`);
    }
  }

  for (const [key, level] of Object.entries(exp.access ?? {})) {
    const ent = key.split('.')[0]!;
    const ec = cands(entityNames(ent));
    item(ec.some((c) => c.has(norm(level))), `access ${key}=${level}`);
  }

  const multi = detectMulti(doc);
  item(multi === Boolean(exp.multiTenant), `tenancy multi=${exp.multiTenant ? 'True' : 'False'} (found ${multi ? 'True' : 'False'})`);

  const nWf = (exp.workflows ?? []).length;
  const got = countWorkflows(doc);
  item(got >= 1 === nWf >= 1, `workflows ${nWf} (found ${got})`);
  return t;
}

/** author_eval.py `perfect_spec(exp, matrix)`: what a spec that captures everything looks like. */
export function perfectSpec(exp: ExpectedSpec, matrix = false): string {
  const out = ['# Spec', '', '## Entities'];
  for (const [e, s] of Object.entries(exp.entities)) {
    out.push(`### ${e}`, '| Field | Type | Required | Allowed values | Notes |', '|---|---|---|---|---|');
    for (const [fn, f] of Object.entries(s.fields)) {
      const notes: string[] = [];
      if (f.contentTypes?.length) notes.push(f.contentTypes.join(', '));
      if (f.maxBytes) notes.push(`max ${Math.floor(f.maxBytes / 1048576)} MB`);
      if (f.unique) notes.push('unique');
      out.push(`| ${fn} | ${f.type} | ${f.required ? 'yes' : 'no'} | ${(f.values ?? []).join(', ')} | ${notes.join('; ')} |`);
    }
    for (const [k, v] of Object.entries(exp.access ?? {})) {
      if (k.startsWith(`${e}.`)) out.push(`- ${e} ${k.split('.')[1]}: ${v}`);
    }
  }
  out.push('', '## Roles');
  if (matrix) {
    const ents = Object.keys(exp.entities);
    out.push(`| Role | ${ents.join(' | ')} |`, `|${'---|'.repeat(ents.length + 1)}`);
    for (const [r, rights] of Object.entries(exp.roles ?? {})) out.push(`| ${r} | ${ents.map((e) => rights[e] ?? '-').join(' | ')} |`);
  } else {
    for (const [r, rights] of Object.entries(exp.roles ?? {})) out.push(`- ${r}: ${Object.entries(rights).map(([e, p]) => `${e} ${p}`).join('; ')}`);
  }
  out.push('', '## Tenancy', exp.multiTenant ? '- multi-tenant by org_id' : '- single tenant');
  out.push('', '## Workflows');
  for (const w of exp.workflows ?? []) out.push(`### ${w.name}`, `- steps: ${w.steps.map((s) => String(s.kind)).join(', ')}`);
  if (!exp.workflows?.length) out.push('None.');
  return out.join('\n');
}

export function recallRatio(r: Recall): number {
  return r.want === 0 ? 1 : r.found / r.want;
}

export function sumRecall(rs: Recall[]): Recall {
  return rs.reduce((a, r) => ({ found: a.found + r.found, want: a.want + r.want, misses: [...a.misses, ...r.misses] }), { found: 0, want: 0, misses: [] });
}
