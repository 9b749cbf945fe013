/**
 * The files of the interactive API reference (core/api-reference/api-reference-assets.ts lists
 * them): read from the repository by the local service, from the static route's asset on AWS.
 */
import type { ApiReferenceAsset } from '../core/api-reference/api-reference-assets';

export interface ApiReferenceAssets {
  /** The file's bytes; rejects when the file is missing (a broken installation, never a client's fault). */
  read(asset: ApiReferenceAsset): Promise<Uint8Array>;
}
