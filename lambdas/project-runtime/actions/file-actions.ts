/**
 * Files of a generated project API (CONTRACT "Files"; service description "File rules"): the
 * API hands out presigned URLs and never carries bytes. The server derives every storage key
 * from organization, entity, record and an opaque fileKey, so a client can never name another
 * organization's object; a key is usable only on the record it was granted for.
 */
import { fileFields } from '../../core/blueprint/project-routes';
import type { IrEntity, IrField } from '../../core/blueprint/ir';
import { newOpaqueKey } from '../../core/runtime/record-id';
import type { RecordValues } from '../../core/runtime/record-validation';
import { NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../../core/errors';
import type { StoredRecord } from '../../ports/record-store';
import type { HandlerResult } from '../../shared/http-types';
import type { ActionInput } from '../action-input';
import { accessToRecord, type RecordAccess } from './access';

export const fileActions = {
  'files.uploadUrl': async (input: ActionInput): Promise<HandlerResult> => {
    const { entity, scope, record } = await accessToRecord(input);
    const body = input.body as { filename: string; contentType: string; size?: number; field?: string };
    const field = fileFieldOf(entity, body.field);
    const rules = field.file ?? { contentTypes: [], maxBytes: 0 };
    if (!typeAllowed(rules.contentTypes, body.contentType)) {
      throw new UnsupportedMediaTypeError(`${field.name} accepts ${rules.contentTypes.join(', ')}; not ${body.contentType}`);
    }
    if (body.size !== undefined && body.size > rules.maxBytes) {
      throw new PayloadTooLargeError(`${field.name} accepts files up to ${rules.maxBytes} bytes; the declared size is ${body.size}`);
    }
    const seconds = input.services.ir.limits.signedUrlSeconds;
    const fileKey = newOpaqueKey();
    const storageKey = storageKeyOf(scope.orgId, entity, record.id, fileKey);
    await input.services.grants.put(scope.orgId, {
      fileKey,
      entity: entity.name,
      recordId: record.id,
      field: field.name,
      contentType: body.contentType,
      ...(body.size !== undefined ? { size: body.size } : {}),
      filename: body.filename,
      storageKey,
      createdAt: input.now.toISOString(),
      expiresAt: new Date(input.now.getTime() + seconds * 1000).toISOString(),
    });
    const uploadUrl = await input.services.files.uploadUrl({
      key: storageKey,
      contentType: body.contentType,
      ...(body.size !== undefined ? { size: body.size } : {}),
      expiresInSeconds: seconds,
    });
    return { body: { uploadUrl, fileKey, expiresIn: seconds } };
  },

  'files.downloadUrl': async (input: ActionInput): Promise<HandlerResult> => {
    const { entity, scope, record } = await accessToRecord(input);
    const fileKey = input.params.fileKey as string;
    const stored = fileFields(entity).some((f) => record[f.name] === fileKey);
    const grant = await input.services.grants.get(scope.orgId, entity.name, record.id, fileKey, input.now);
    // Only a key stored on this record, or granted for it: any other key is not this record's file.
    if (!stored && !grant) throw new NotFoundError('No such file on this record');
    const seconds = input.services.ir.limits.signedUrlSeconds;
    const key = grant?.storageKey ?? storageKeyOf(scope.orgId, entity, record.id, fileKey);
    if (!(await input.services.files.head(key))) throw new NotFoundError('The file has not been uploaded yet');
    const downloadUrl = await input.services.files.downloadUrl({ key, expiresInSeconds: seconds, ...(grant ? { filename: grant.filename } : {}) });
    return { body: { downloadUrl, expiresIn: seconds } };
  },
};

/**
 * PATCH/PUT of a file field: a new key must have been granted for this record and field, and
 * its object must exist with an allowed type and size; a refused object is deleted (415/413).
 */
export async function attachFiles(input: ActionInput, access: RecordAccess, values: RecordValues): Promise<void> {
  const { entity, scope, record } = access;
  for (const field of fileFields(entity)) {
    const key = values[field.name];
    if (typeof key !== 'string' || key === record[field.name]) continue;
    const grant = await input.services.grants.get(scope.orgId, entity.name, record.id, key, input.now);
    if (!grant || grant.field !== field.name) {
      throw new ValidationError(`Invalid input: body.${field.name} is not a file key granted for this record`, [
        { path: `body.${field.name}`, message: 'is not a file key granted for this record and field (ask the upload-url route for one)' },
      ]);
    }
    const object = await input.services.files.head(grant.storageKey);
    if (!object) {
      throw new ValidationError(`Invalid input: body.${field.name} has no uploaded file yet`, [{ path: `body.${field.name}`, message: 'has no uploaded file yet: PUT the bytes to the uploadUrl first' }]);
    }
    const rules = field.file ?? { contentTypes: [], maxBytes: 0 };
    if (!typeAllowed(rules.contentTypes, object.contentType)) {
      await input.services.files.delete(grant.storageKey);
      throw new UnsupportedMediaTypeError(`${field.name} accepts ${rules.contentTypes.join(', ')}; the uploaded file is ${object.contentType} (deleted)`);
    }
    if (object.size > rules.maxBytes) {
      await input.services.files.delete(grant.storageKey);
      throw new PayloadTooLargeError(`${field.name} accepts files up to ${rules.maxBytes} bytes; the uploaded file has ${object.size} (deleted)`);
    }
  }
}

/** After a write or delete: objects no longer referenced by the record's file fields are deleted. */
export async function forgetFiles(input: ActionInput, entity: IrEntity, before: StoredRecord, after: Record<string, unknown>): Promise<void> {
  const orgId = typeof before.org_id === 'string' ? before.org_id : null;
  for (const field of fileFields(entity)) {
    const old = before[field.name];
    if (typeof old !== 'string' || old === after[field.name]) continue;
    try {
      await input.services.files.delete(storageKeyOf(orgId, entity, before.id, old));
    } catch (err) {
      // The record is already written; a leftover object is harmless (nobody can sign its key).
      input.services.logger.warn('could not delete a replaced file', { error: err as Error });
    }
  }
}

/** `<org or "shared">/<collection>/<recordId>/<fileKey>`: organizations never share a prefix. */
export function storageKeyOf(orgId: string | null, entity: IrEntity, recordId: string, fileKey: string): string {
  return `${orgId ?? 'shared'}/${entity.collection}/${recordId}/${fileKey}`;
}

function fileFieldOf(entity: IrEntity, name: string | undefined): IrField {
  const fields = fileFields(entity);
  if (name !== undefined) {
    const field = fields.find((f) => f.name === name);
    if (!field) throw new ValidationError('Invalid input: body.field', [{ path: 'body.field', message: `must be one of ${fields.map((f) => f.name).join(', ')}` }]);
    return field;
  }
  if (fields.length === 1) return fields[0] as IrField;
  throw new ValidationError('Invalid input: body.field', [{ path: 'body.field', message: `is required: ${entity.name} has several file fields (${fields.map((f) => f.name).join(', ')})` }]);
}

/** `image/*` allows every image type; parameters (`; charset=`) and case do not matter. */
export function typeAllowed(allowed: readonly string[], contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(type)) return false;
  return allowed.some((a) => {
    const rule = a.trim().toLowerCase();
    return rule === '*/*' || rule === type || (rule.endsWith('/*') && type.startsWith(rule.slice(0, -1)));
  });
}
