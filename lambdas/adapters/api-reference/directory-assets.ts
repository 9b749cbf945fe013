/**
 * The API reference's files read from a folder, once each per process: on AWS the static route's
 * asset carries them by name (`api-reference/<name>`, written at `cdk synth`); the local service
 * reads them where they are in the repository (`<repo>/<source>`).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApiReferenceAsset } from '../../core/api-reference/api-reference-assets';
import type { ApiReferenceAssets } from '../../ports/api-reference-assets';

export class DirectoryApiReferenceAssets implements ApiReferenceAssets {
  private readonly cache = new Map<string, Promise<Uint8Array>>();

  /** @param pathOf where an asset is under `dir` */
  constructor(
    private readonly dir: string,
    private readonly pathOf: (asset: ApiReferenceAsset) => string,
  ) {}

  read(asset: ApiReferenceAsset): Promise<Uint8Array> {
    let bytes = this.cache.get(asset.name);
    if (!bytes) {
      bytes = readFile(join(this.dir, this.pathOf(asset))).catch((err: unknown) => {
        this.cache.delete(asset.name);
        throw err;
      });
      this.cache.set(asset.name, bytes);
    }
    return bytes;
  }
}

/** Where `cdk synth` puts the files in the static route's asset (lib/control-plane/route-companions.ts). */
export const API_REFERENCE_ASSET_DIR = 'api-reference';

/** The asset folder's layout: every file by its served name. */
export const assetFileInBundle = (asset: ApiReferenceAsset): string => join(API_REFERENCE_ASSET_DIR, asset.name);
