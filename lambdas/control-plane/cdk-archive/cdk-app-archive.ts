/**
 * The exported CDK app of one project as a zip: the kit (the files the same for every blueprint)
 * plus the blueprint and the project id in cdk.json's context, under one top folder.
 *
 * Byte-identical for the same blueprint: entries sorted by path, one fixed timestamp, one
 * compression level, no per-run data (fflate writes no extra fields unless asked).
 */
import { zipSync, type Zippable } from 'fflate';
import { BLUEPRINT_FILE, CDK_JSON_FILE, cdkArchiveFolder, PROJECT_ID_CONTEXT } from './archive-layout';

/**
 * Zip stores DOS local time, and fflate reads a Date's local fields: built from local fields, the
 * stored time is 1980-01-01 00:00 (zip's epoch) in every time zone.
 */
const ARCHIVE_TIME = new Date(1980, 0, 1, 0, 0, 0);

const encoder = new TextEncoder();

export interface CdkAppArchiveInput {
  /** The kit's files by path (CdkAppKit). */
  readonly kit: ReadonlyMap<string, Uint8Array>;
  /** The blueprint IR, written as blueprint.json. */
  readonly ir: unknown;
  readonly projectId: string;
}

/** The app's files: the kit with blueprint.json added and the project id in cdk.json. */
export function cdkAppFiles(input: CdkAppArchiveInput): Map<string, Uint8Array> {
  const files = new Map(input.kit);
  const cdkJson = files.get(CDK_JSON_FILE);
  if (!cdkJson) throw new Error(`The CDK app kit has no ${CDK_JSON_FILE}`);
  const config = JSON.parse(new TextDecoder().decode(cdkJson)) as { context?: Record<string, unknown> };
  config.context = { ...config.context, [PROJECT_ID_CONTEXT]: input.projectId };
  files.set(CDK_JSON_FILE, encoder.encode(`${JSON.stringify(config, null, 2)}\n`));
  files.set(BLUEPRINT_FILE, encoder.encode(`${JSON.stringify(input.ir, null, 2)}\n`));
  return files;
}

export function cdkAppArchive(input: CdkAppArchiveInput): Uint8Array {
  return deterministicZip(cdkArchiveFolder(input.projectId), cdkAppFiles(input));
}

/** Files under one top folder as a zip that is byte-identical for the same files (the SDK archives use it too). */
export function deterministicZip(folder: string, files: ReadonlyMap<string, Uint8Array | string>): Uint8Array {
  const entries: Zippable = {};
  for (const path of [...files.keys()].sort()) {
    const content = files.get(path)!;
    entries[`${folder}/${path}`] = [typeof content === 'string' ? encoder.encode(content) : content, { mtime: ARCHIVE_TIME }];
  }
  return zipSync(entries, { level: 9 });
}
