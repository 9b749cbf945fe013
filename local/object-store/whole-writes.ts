/**
 * A PUT that answers only once its object is whole on disk, as S3's does.
 *
 * s3rver 3.7.1's FilesystemStore.putObject resolves when its hashing Transform has seen the last
 * byte ('finish' of the Transform), not when the file stream has opened, written and closed the
 * file; with a Buffer it resolves before any write at all. The 200 can then reach the client
 * while the object's file does not exist yet, or is shorter than what was sent: a HEAD or a
 * CopyObject right after it (which is what attaching an upload does) answers 404 or a wrong
 * size. On a loaded machine this made attaching a just-uploaded file fail now and then
 * ("has no uploaded file yet") although the upload had been answered 200.
 *
 * This replacement writes to a private part file, waits for it to be closed, writes the
 * metadata, and only then renames the part file onto the object's path. For a new key, readers
 * (s3rver finds an object by stat-ing its file) see nothing until the object is complete, and
 * then all of it. A failed or broken-off upload leaves no part file and no object behind.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type S3rver from 's3rver';

/** What putObject answers s3rver's controllers (the size and hex MD5 of the stored bytes). */
export interface StoredBytes {
  readonly size: number;
  readonly md5: string;
}

/** Writes `object` whole into `store` (see the file comment). */
export async function putObjectWhole(store: S3rver.Store, object: S3rver.StoredObject): Promise<StoredBytes> {
  const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
  await mkdir(dirname(objectPath), { recursive: true });
  // Not ending in s3rver's object suffix, so a listing never shows it.
  const partPath = `${objectPath}.${randomBytes(8).toString('hex')}.part`;
  const hash = createHash('md5');
  let size = 0;
  const counting = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
  try {
    await pipeline(content, counting, createWriteStream(partPath));
    const md5 = hash.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, md5);
    await rename(partPath, objectPath);
    return { size, md5 };
  } finally {
    await rm(partPath, { force: true });
  }
}

/** Makes every PUT (and every completed multipart upload, which goes through putObject) of `store` whole. */
export function writeObjectsWhole(store: S3rver.Store): void {
  store.putObject = (object) => putObjectWhole(store, object);
}
