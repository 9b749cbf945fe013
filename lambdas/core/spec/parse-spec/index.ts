/**
 * Reads a spec in the canonical Markdown format (templates/spec-format.md) into a SpecDocument,
 * or explains, line by line, everything that keeps it from being one. Deterministic and free of
 * I/O: the same text always gives the same document or the same errors.
 *
 * Two passes: the readers of this folder map the text onto the model (document.ts: the title
 * and the sections in order; one reader per section; tables.ts: the parts of a section), reporting
 * what cannot be mapped at all; check-spec.ts then judges the document's consistency, and each of its
 * issues is pointed at the line the offending part came from. Where the first pass already
 * reported a broken part, the second pass's remarks on it are muted, so one mistake gives one
 * error rather than a cascade.
 */
import { ValidationError } from '../../errors';
import { checkSpec } from '../check-spec';
import { numberLines } from '../spec-blocks';
import { SpecDocument } from '../spec-model';
import { ParseContext, formatSpecError, type SpecParseError } from './context';
import { readDocument } from './document';

export { formatSpecError, type SpecParseError } from './context';

export type ParseSpecResult = { ok: true; spec: SpecDocument } | { ok: false; errors: SpecParseError[] };

export function parseSpec(markdown: string): ParseSpecResult {
  const ctx = new ParseContext();
  const spec = readDocument(numberLines(markdown), ctx);
  for (const issue of checkSpec(spec)) {
    if (!ctx.isMuted(issue.path)) ctx.error(ctx.lineOf(issue.path), issue.message);
  }
  if (ctx.errors.length === 0) {
    // A safety net: the checker covers the model's rules, so this only fires if the two drift apart.
    const checked = SpecDocument.safeParse(spec);
    if (!checked.success) {
      for (const issue of checked.error.issues) ctx.error(ctx.lineOf(issue.path.join('.')), `${issue.path.join('.')}: ${issue.message}`);
    }
  }
  return ctx.errors.length === 0 ? { ok: true, spec } : { ok: false, errors: ctx.sortedErrors() };
}

/** For the apply route: the document, or a 400 whose details name each line. */
export function parseSpecOrThrow(markdown: string): SpecDocument {
  const result = parseSpec(markdown);
  if (result.ok) return result.spec;
  const [first] = result.errors;
  const count = result.errors.length === 1 ? '1 error' : `${result.errors.length} errors`;
  throw new ValidationError(
    `The spec does not follow the canonical spec format (${count}; first ${formatSpecError(first as SpecParseError)})`,
    result.errors.map((error) => ({ path: `content:line ${error.line}`, message: error.message })),
  );
}
