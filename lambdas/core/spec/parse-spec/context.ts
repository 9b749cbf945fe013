/**
 * The parser's working state: the errors found, the line each model path was read from (so the
 * checker's issues point at a line), and the paths whose checker remarks would only repeat an
 * error already reported (muted).
 */
import { countOf } from '../../text/english';

export interface SpecParseError {
  /** 1-based line of the spec the error is about. */
  line: number;
  message: string;
}

/** Enough to fix a spec in a few rounds without drowning a reader (or a model) in repeats. */
const MAX_ERRORS = 50;

export const formatSpecError = (error: SpecParseError): string => `line ${error.line}: ${error.message}`;

export class ParseContext {
  readonly errors: SpecParseError[] = [];
  private readonly where = new Map<string, number>();
  private readonly muted = new Set<string>();
  /** Entities whose field table could not be read: references to their fields are not judged. */
  readonly unreadEntities = new Set<string>();

  error(line: number, message: string): void {
    this.errors.push({ line, message });
  }

  /** Records the line a model path (`entities.0.fields.2`) was read from. */
  at(path: string, line: number): void {
    this.where.set(path, line);
  }

  /** The checker's remarks on this path (and below it) would repeat an error already reported. */
  mute(path: string): void {
    this.muted.add(path);
  }

  isMuted(path: string): boolean {
    return [...this.muted].some((prefix) => path === prefix || path.startsWith(`${prefix}.`));
  }

  /** The line of the nearest recorded path: a field's row, else its entity's heading, else the section. */
  lineOf(path: string): number {
    const parts = path.split('.');
    for (let n = parts.length; n > 0; n -= 1) {
      const line = this.where.get(parts.slice(0, n).join('.'));
      if (line !== undefined) return line;
    }
    return 1;
  }

  sortedErrors(): SpecParseError[] {
    const seen = new Set<string>();
    const unique = this.errors
      .map((error, i) => ({ error, i }))
      .sort((a, b) => a.error.line - b.error.line || a.i - b.i)
      .map(({ error }) => error)
      .filter((error) => {
        const key = formatSpecError(error);
        return seen.has(key) ? false : (seen.add(key), true);
      });
    if (unique.length <= MAX_ERRORS) return unique;
    const rest = unique.length - MAX_ERRORS;
    return [...unique.slice(0, MAX_ERRORS), { line: (unique[MAX_ERRORS] as SpecParseError).line, message: `${countOf(rest, 'more error')} not shown; fix these first` }];
  }
}
