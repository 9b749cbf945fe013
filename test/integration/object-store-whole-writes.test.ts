/**
 * local/object-store/whole-writes.ts against s3rver's own FilesystemStore on a temp directory:
 * when a PUT resolves, the object is on disk whole (s3rver's putObject resolves before that:
 * the first test shows it, so the replacement is not fixing an imagined bug), and an upload
 * broken off halfway leaves neither an object nor a part file.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type S3rver from 's3rver';
import { putObjectWhole, writeObjectsWhole } from '../../local/object-store/whole-writes';

// s3rver ships no types for its store; s3rver.d.ts describes the part BGS uses.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const FilesystemStore = require('s3rver/lib/stores/filesystem') as new (directory: string) => S3rver.Store & {
  getMetadata(bucket: string, key: string): Promise<Record<string, string | number>>;
};

const BIG = Buffer.alloc(4 << 20, 7);
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bgs-whole-writes-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function storeIn(directory: string) {
  const store = new FilesystemStore(directory);
  await store.putBucket('bkt');
  return store;
}

/** How many of `count` PUTs of BIG were not whole (missing or short) right after they resolved. */
async function brokenAfterPut(store: Awaited<ReturnType<typeof storeIn>>, count: number): Promise<number> {
  let broken = 0;
  for (let i = 0; i < count; i += 1) {
    await store.putObject({ bucket: 'bkt', key: `k${i}`, content: BIG, metadata: { 'content-type': 'application/pdf' } });
    const meta = await store.getMetadata('bkt', `k${i}`).catch(() => null);
    if (!meta || meta['content-length'] !== BIG.length) broken += 1;
  }
  return broken;
}

it("s3rver's own putObject resolves before the object is whole; with writeObjectsWhole it never does", async () => {
  const plain = await storeIn(join(dir, 'plain'));
  expect(await brokenAfterPut(plain, 40)).toBeGreaterThan(0);

  const whole = await storeIn(join(dir, 'whole'));
  writeObjectsWhole(whole);
  expect(await brokenAfterPut(whole, 40)).toBe(0);
});

it('a streamed PUT is whole, typed and hashed when it resolves', async () => {
  const store = await storeIn(dir);
  const chunks = [Buffer.from('%PDF-1.4 '), Buffer.alloc(100_000, 1), Buffer.from(' end')];
  const stored = await putObjectWhole(store, { bucket: 'bkt', key: 'a/b.pdf', content: Readable.from(chunks), metadata: { 'content-type': 'application/pdf' } });
  expect(stored.size).toBe(100_013);
  const meta = await store.getMetadata('bkt', 'a/b.pdf');
  expect(meta['content-length']).toBe(100_013);
  expect(meta['content-type']).toBe('application/pdf');
  expect(meta.etag).toBe(JSON.stringify(stored.md5));
});

it('an upload broken off halfway leaves no object and no part file', async () => {
  const store = await storeIn(dir);
  const broken = new Readable({
    read() {
      this.push(Buffer.alloc(64_000, 2));
      this.destroy(new Error('client went away'));
    },
  });
  await expect(putObjectWhole(store, { bucket: 'bkt', key: 'gone.pdf', content: broken, metadata: { 'content-type': 'application/pdf' } })).rejects.toThrow('client went away');
  await expect(store.getMetadata('bkt', 'gone.pdf')).rejects.toMatchObject({ code: 'ENOENT' });
  expect(readdirSync(join(dir, 'bkt')).filter((f) => f.startsWith('gone.pdf'))).toEqual([]);
});
