/**
 * The file routes of entities with file fields: a signed upload URL for a record (then PATCH the
 * file key into the field, record-validation and the runtime check it), and a signed download URL
 * of a file the record holds; and the grants they answer.
 */
import type { IrEntity } from '../ir';
import { OPAQUE_KEY_MAX_LENGTH, OPAQUE_KEY_PATTERN } from '../../project-api/record-id';
import { withArticle } from '../../text/english';
import { denied, entityPaths, entityRoute } from './crud-routes';
import type { RouteBuilder } from './route-builder';
import { schemaRef } from './schema-names';
import { ID_PARAMS, RECORD_ID, objectSchema, responseObject } from './schema-parts';

export function defineFileSchemas(b: RouteBuilder): void {
  const seconds = b.ir.limits.signedUrlSeconds;
  b.define(
    'UploadGrant',
    responseObject(
      {
        uploadUrl: { type: 'string', format: 'uri', description: 'PUT the raw bytes there with the declared Content-Type (and Content-Length when a size was declared).' },
        fileKey: { type: 'string', description: 'Opaque key (no `/`); PATCH it into the file field once uploaded.' },
        expiresIn: { type: 'integer', description: `Seconds the URL stays valid (${seconds}).` },
      },
      ['uploadUrl', 'fileKey', 'expiresIn'],
    ),
  );
  b.define(
    'DownloadGrant',
    responseObject(
      { downloadUrl: { type: 'string', format: 'uri', description: 'GET the file there.' }, expiresIn: { type: 'integer', description: `Seconds the URL stays valid (${seconds}).` } },
      ['downloadUrl', 'expiresIn'],
    ),
  );
}

export function fileRoutes(b: RouteBuilder, entity: IrEntity): void {
  const upload = b.names.entities[entity.name]?.uploadUrlRequest;
  if (!upload) return;
  const { item } = entityPaths(entity);
  const label = entity.name;
  const level = (operation: 'read' | 'update') => entity.operations[operation].level;
  b.add(
    {
      ...entityRoute(entity, 'update', 'update'),
      kind: 'files',
      id: `${entity.collection}.uploadUrl`,
      operationId: `create${label}UploadUrl`,
      method: 'POST',
      path: `${item}/attachments/upload-url`,
      action: 'files.uploadUrl',
      summary: `Get a signed URL to upload a file for ${withArticle(label)} (then PATCH its fileKey into the file field)`,
      request: { params: ID_PARAMS, body: schemaRef(upload) },
    },
    { status: 200, description: 'A time-limited upload URL and the file key', schema: b.ref('UploadGrant') },
    [...denied(level('update')), 404, [413, 'Request body over 1 MB, or a declared size over the limit (PAYLOAD_TOO_LARGE)'], [415, 'Body is not JSON, or a content type the field does not allow (UNSUPPORTED_MEDIA_TYPE)']],
  );
  b.add(
    {
      ...entityRoute(entity, 'read', 'read'),
      kind: 'files',
      id: `${entity.collection}.downloadUrl`,
      operationId: `get${label}DownloadUrl`,
      method: 'GET',
      path: `${item}/attachments/{fileKey}/download-url`,
      action: 'files.downloadUrl',
      summary: `Get a signed URL to download a file of ${withArticle(label)}`,
      request: {
        params: objectSchema(
          { id: RECORD_ID, fileKey: { type: 'string', minLength: 1, maxLength: OPAQUE_KEY_MAX_LENGTH, pattern: OPAQUE_KEY_PATTERN, description: 'A file key stored on, or granted for, the record.' } },
          ['id', 'fileKey'],
        ),
      },
    },
    { status: 200, description: 'A time-limited download URL', schema: b.ref('DownloadGrant') },
    [...denied(level('read')), 404],
  );
}
