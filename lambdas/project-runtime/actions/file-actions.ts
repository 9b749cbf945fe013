/**
 * Files of a generated project API (CONTRACT "Files"; service description "File rules"): the
 * API hands out presigned URLs and never carries bytes. The server derives every storage key
 * from organization, entity, record and an opaque fileKey (lambdas/core/project-api/file-keys.ts),
 * so a client can never name another organization's object; a key is usable only on the
 * record it was granted for.
 *
 * An upload URL writes only the key's STAGING object. Attaching the key (PATCH/PUT of the file
 * field) checks type and size and copies the object to its FINAL key, which no upload URL can
 * write; downloads are signed only for final keys a record holds. So a grant without a size
 * cannot store more than the field allows past the attach, an upload never attached is never
 * downloadable (and is deleted once its grant has expired), and a second PUT to the upload URL
 * cannot change an attached file.
 */
import { fileFields } from '../../core/blueprint/project-routes';
import type { IrEntity, IrField } from '../../core/blueprint/ir';
import { finalKeyOf, stagingKeyOf } from '../../core/project-api/file-keys';
import { newOpaqueKey } from '../../core/project-api/record-id';
import type { RecordValues } from '../../core/project-api/record-validation';
import { ConflictError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../../core/errors';
import type { StoredObject } from '../../ports/file-storage';
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
    await input.services.grants.put(scope.orgId, {
      fileKey,
      entity: entity.name,
      recordId: record.id,
      field: field.name,
      contentType: body.contentType,
      ...(body.size !== undefined ? { size: body.size } : {}),
      filename: body.filename,
      createdAt: input.now.toISOString(),
      expiresAt: new Date(input.now.getTime() + seconds * 1000).toISOString(),
    });
    const uploadUrl = await input.services.files.uploadUrl({
      key: stagingKeyOf(scope.orgId, entity, record.id, fileKey),
      contentType: body.contentType,
      ...(body.size !== undefined ? { size: body.size } : {}),
      expiresInSeconds: seconds,
    });
    return { body: { uploadUrl, fileKey, expiresIn: seconds } };
  },

  'files.downloadUrl': async (input: ActionInput): Promise<HandlerResult> => {
    const { entity, scope, record } = await accessToRecord(input);
    const fileKey = input.params.fileKey as string;
    // Only a key a file field of this record holds: a granted key that was never attached is
    // not a file of the record (else an upload over the limits could be served from here).
    if (!fileFields(entity).some((f) => record[f.name] === fileKey)) throw new NotFoundError('No such file on this record');
    const seconds = input.services.ir.limits.signedUrlSeconds;
    const key = finalKeyOf(scope.orgId, entity, record.id, fileKey);
    if (!(await input.services.files.head(key))) throw new NotFoundError('The file of this record is missing from storage');
    // The grant only names the file for the browser; it expires a day after its upload URL.
    const grant = await input.services.grants.get(scope.orgId, entity.name, record.id, fileKey, input.now);
    const downloadUrl = await input.services.files.downloadUrl({ key, expiresInSeconds: seconds, ...(grant ? { filename: grant.filename } : {}) });
    return { body: { downloadUrl, expiresIn: seconds } };
  },
};

/** Keys an attach moved to their final place, settled once the record write is known. */
export interface Attachments {
  /** The record now holds the keys: their staging objects are no longer needed. */
  commit(): Promise<void>;
  /** The record write failed: the final copies are deleted and the keys can be attached again. */
  abandon(): Promise<void>;
}

interface Moved {
  readonly fileKey: string;
  readonly staging: string;
  readonly final: string;
  readonly claimedAt: Date;
}

/**
 * PATCH/PUT of a file field, before the record is written: a new key must have been granted for
 * this record and field and not attached before, and its uploaded object must have an allowed
 * type and size (else 400/415/413; a refused object is deleted). The object is then copied to
 * its final key, checked again there (the staging object may have been replaced meanwhile), and
 * the caller writes the record, then commits (the staging copy is deleted) or, when the write
 * fails, abandons (the final copy is deleted). In that order a record never holds a key whose
 * final object is missing, and a failed write loses no upload.
 */
export async function attachFiles(input: ActionInput, access: RecordAccess, values: RecordValues): Promise<Attachments> {
  const { entity, record } = access;
  const moved: Moved[] = [];
  const { files, logger } = input.services;
  const attachments: Attachments = {
    commit: async () => {
      for (const m of moved) {
        // A leftover staging object is harmless: never downloadable, deleted when its grant expires.
        await files.delete(m.staging).catch((err: unknown) => logger.warn('could not delete an attached file\'s staging object', { error: err as Error }));
      }
    },
    abandon: async () => {
      for (const m of moved.splice(0)) await undoMove(input, access, m);
    },
  };
  try {
    for (const field of fileFields(entity)) {
      const key = values[field.name];
      if (typeof key !== 'string' || key === record[field.name]) continue;
      moved.push(await moveToFinal(input, access, field, key));
    }
  } catch (err) {
    await attachments.abandon();
    throw err;
  }
  return attachments;
}

async function moveToFinal(input: ActionInput, access: RecordAccess, field: IrField, fileKey: string): Promise<Moved> {
  const { entity, scope, record } = access;
  const { files, grants } = input.services;
  const grant = await grants.get(scope.orgId, entity.name, record.id, fileKey, input.now);
  if (!grant || grant.field !== field.name) {
    throw new ValidationError(`Invalid input: body.${field.name} is not a file key granted for this record`, [
      { path: `body.${field.name}`, message: 'is not a file key granted for this record and field (ask the upload-url route for one)' },
    ]);
  }
  const staging = stagingKeyOf(scope.orgId, entity, record.id, fileKey);
  const final = finalKeyOf(scope.orgId, entity, record.id, fileKey);
  if (grant.attachedAt !== undefined) throw await claimedBefore(input, access, field, fileKey, grant.attachedAt);
  // Claimed before anything else is looked at: of several requests attaching the same key at
  // once, one goes on and the others answer 409 (never a 400 for an upload another request has
  // just moved away).
  const claimedAt = input.now;
  if (!(await grants.claim(scope.orgId, grant, claimedAt))) {
    throw new ConflictError(`${field.name}: this file key is being attached by another request`);
  }
  const m: Moved = { fileKey, staging, final, claimedAt };
  try {
    // Checked before the copy too, so an object over the limit is refused without copying it.
    const uploaded = await files.head(staging);
    if (!uploaded) throw notUploaded(field);
    await refuseUnlessAllowed(input, field, uploaded, [staging]);
    if (!(await files.copy(staging, final))) throw notUploaded(field);
    // The copy is what the record will hold: its own type and size decide.
    const copied = await files.head(final);
    if (!copied) throw new Error(`the copy of a staging object to ${final} is missing`);
    await refuseUnlessAllowed(input, field, copied, [final, staging]);
  } catch (err) {
    await undoMove(input, access, m);
    throw err;
  }
  return m;
}

/**
 * The error for a key whose grant is already taken. Taken after the version of the record this
 * request read was written (a request still at work on it, or one that has just attached it), or
 * held by the record now: 409, as any concurrent change of the record. Attached before and
 * detached or replaced since: 400 (a key attaches once).
 */
async function claimedBefore(input: ActionInput, access: RecordAccess, field: IrField, fileKey: string, attachedAt: string): Promise<Error> {
  const current = await input.services.records.get(access.entity, access.scope, access.record.id);
  if (attachedAt > String(access.record.updated_at) || current?.[field.name] === fileKey) {
    return new ConflictError(`${field.name}: this file key was attached by another request at the same time; read the record again`);
  }
  return new ValidationError(`Invalid input: body.${field.name} was attached before`, [
    { path: `body.${field.name}`, message: 'is a file key that was attached before; a key attaches once (ask the upload-url route for a new one)' },
  ]);
}

/** Deletes the final copy and gives the grant back; failures are logged (the record does not hold the key). */
async function undoMove(input: ActionInput, access: RecordAccess, m: Moved): Promise<void> {
  const { files, grants, logger } = input.services;
  try {
    await files.delete(m.final);
    await grants.release(access.scope.orgId, { entity: access.entity.name, recordId: access.record.id, fileKey: m.fileKey }, m.claimedAt);
  } catch (err) {
    // What stays behind: an object no record holds (never downloadable) or a grant that cannot
    // be attached again (the client asks for a new one).
    logger.warn('could not undo the move of a file whose record write failed', { error: err as Error });
  }
}

/** 415/413 for an object the field does not allow, after deleting `keys` (nothing of it stays stored). */
async function refuseUnlessAllowed(input: ActionInput, field: IrField, object: StoredObject, keys: readonly string[]): Promise<void> {
  const rules = field.file ?? { contentTypes: [], maxBytes: 0 };
  let refusal: Error | null = null;
  if (!typeAllowed(rules.contentTypes, object.contentType)) {
    refusal = new UnsupportedMediaTypeError(`${field.name} accepts ${rules.contentTypes.join(', ')}; the uploaded file is ${object.contentType} (deleted)`);
  } else if (object.size > rules.maxBytes) {
    refusal = new PayloadTooLargeError(`${field.name} accepts files up to ${rules.maxBytes} bytes; the uploaded file has ${object.size} (deleted)`);
  }
  if (!refusal) return;
  for (const key of keys) await input.services.files.delete(key);
  throw refusal;
}

function notUploaded(field: IrField): ValidationError {
  return new ValidationError(`Invalid input: body.${field.name} has no uploaded file yet`, [
    { path: `body.${field.name}`, message: 'has no uploaded file yet: PUT the bytes to the uploadUrl first' },
  ]);
}

/** After a write or delete: final objects no longer held by the record's file fields are deleted. */
export async function forgetFiles(input: ActionInput, entity: IrEntity, before: StoredRecord, after: Record<string, unknown>): Promise<void> {
  const orgId = typeof before.org_id === 'string' ? before.org_id : null;
  for (const field of fileFields(entity)) {
    const old = before[field.name];
    if (typeof old !== 'string' || old === after[field.name]) continue;
    try {
      await input.services.files.delete(finalKeyOf(orgId, entity, before.id, old));
    } catch (err) {
      // The record is already written; a leftover object is harmless (nobody can sign its key).
      input.services.logger.warn('could not delete a replaced file', { error: err as Error });
    }
  }
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
