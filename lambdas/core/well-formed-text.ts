/**
 * Strings every input of both APIs must be: well-formed Unicode without NUL (issue 21). A lone
 * surrogate (`"\ud800"` is valid JSON) cannot be encoded as UTF-8, so DynamoDB, S3 metadata, the
 * identity and every client downstream would refuse or mangle it; NUL ends strings in C, log
 * tools and file systems. Both are refused with 400 wherever a request part enters: the control
 * plane's validate-request middleware and the generated runtime's request parts check path
 * parameters, the query and the JSON body (keys included) here, before any schema.
 */
import type { ErrorDetail } from './errors';

/** A high surrogate not followed by a low one, a low one not preceded by a high one, or NUL. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const ILL_FORMED = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\u0000/;

/** Why a string cannot be accepted, or undefined. */
export function illFormedTextProblem(text: string): string | undefined {
  const match = ILL_FORMED.exec(text);
  if (!match) return undefined;
  return match[0] === '\u0000' ? 'must not contain the NUL character (U+0000)' : 'must be well-formed Unicode (it holds an unpaired surrogate)';
}

/**
 * Every ill-formed string in a parsed request part (object keys too), with its path
 * (`body.tags[2]`), in document order. Iterative: a body nested a million levels deep (1 MB of
 * `[`) must not overflow the stack.
 */
export function illFormedTextDetails(value: unknown, path: string): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length > 0) {
    const [item, at] = stack.pop()!;
    if (typeof item === 'string') {
      const problem = illFormedTextProblem(item);
      if (problem) out.push({ path: at, message: problem });
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i -= 1) stack.push([item[i], `${at}[${i}]`]);
    } else if (item !== null && typeof item === 'object') {
      const entries = Object.entries(item);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i]!;
        const keyProblem = illFormedTextProblem(key);
        // A bad key cannot be shown in a path: the object is named instead.
        if (keyProblem) out.push({ path: at, message: `has a field name that ${keyProblem}` });
        else stack.push([child, `${at}.${key}`]);
      }
    }
  }
  return out;
}
