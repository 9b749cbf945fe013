/**
 * Files: each file field's upload rules, and the IR's `files` list agreeing with the fields (the
 * bucket's CORS and the upload routes read it).
 */
import type { IrField } from '../ir';
import { CONTENT_TYPE_PATTERN } from '../../vocabulary';
import type { ValidationContext } from './context';

/** S3's limit for one presigned PUT (5 GiB). */
export const MAX_FILE_BYTES = 5 * 1024 ** 3;

/** A file field's upload rules: content types that read as types, and a size limit one upload can take. */
export function checkFileRules(ctx: ValidationContext, field: IrField, subject: string, path: string): void {
  if (field.type === 'file') {
    const rules = field.file;
    if (!rules || rules.contentTypes.length === 0 || rules.maxBytes <= 0) {
      ctx.error(`${path}.file`, 'FILE_FIELD_WITHOUT_LIMITS', `${subject} is a file field: it needs its allowed content types and a size limit`);
    }
    if (rules && rules.maxBytes > MAX_FILE_BYTES) ctx.error(`${path}.file.maxBytes`, 'FILE_LIMIT_TOO_LARGE', `${subject}: ${rules.maxBytes} bytes is above the 5 GB a single upload can take`);
    rules?.contentTypes.forEach((type, t) => {
      if (!CONTENT_TYPE_PATTERN.test(type)) ctx.error(`${path}.file.contentTypes[${t}]`, 'INVALID_CONTENT_TYPE', `${subject}: '${type}' is not a content type like image/png or image/*`);
    });
  } else if (field.file) {
    ctx.error(`${path}.file`, 'TYPE_SHAPE_INVALID', `${subject} is a ${field.type}: only file fields take upload rules`);
  }
}

/** `files` lists every file field with the field's own rules, in entity and field order. */
export function checkFiles(ctx: ValidationContext): void {
  const expected = ctx.ir.entities.flatMap((entity) => entity.fields.filter((field) => field.type === 'file').map((field) => ({ entity: entity.name, field: field.name, rules: field.file })));
  const listed = new Set<string>();
  ctx.ir.files.forEach((file, i) => {
    const match = expected.find((e) => e.entity === file.entity && e.field === file.field);
    const path = `$.files[${i}]`;
    if (!match) ctx.error(path, 'FILES_INCONSISTENT', `${file.entity}.${file.field} is listed as a file but is not a file field`);
    else if (!match.rules || match.rules.maxBytes !== file.maxBytes || match.rules.contentTypes.join('\n') !== file.contentTypes.join('\n')) {
      ctx.error(path, 'FILES_INCONSISTENT', `${file.entity}.${file.field}: the rules differ from the field's own`);
    }
    if (listed.has(`${file.entity}.${file.field}`)) ctx.error(path, 'DUPLICATE_NAME', `${file.entity}.${file.field} is listed twice`);
    listed.add(`${file.entity}.${file.field}`);
  });
  for (const e of expected) {
    if (!listed.has(`${e.entity}.${e.field}`)) ctx.error('$.files', 'FILES_INCONSISTENT', `the file field ${e.entity}.${e.field} is missing from files`);
  }
}
