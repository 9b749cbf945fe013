/**
 * THE way BGS makes its S3 clients, from configuration only: on AWS the region; locally the
 * object store's endpoint (path-style addressing) and the data directory's credentials file, in
 * the pinned local region. Checksums only when an operation requires them: otherwise the SDK
 * signs an empty-body checksum into upload URLs, which a browser's upload would then fail.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { LOCAL_REGION, readLocalCredentials } from '../local-credentials';

export interface S3Target {
  readonly region: string;
  /** The local object store's endpoint; absent on AWS. */
  readonly endpoint?: string | undefined;
  /** With `endpoint`: the local stores' credentials file. */
  readonly credentialsFile?: string | undefined;
}

export function s3Client(target: S3Target): S3Client {
  const checksums = { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } as const;
  if (!target.endpoint) return new S3Client({ region: target.region, ...checksums });
  if (!target.credentialsFile) throw new Error(`A local object store endpoint (${target.endpoint}) needs the local stores' credentials file`);
  const { accessKeyId, secretAccessKey } = readLocalCredentials(target.credentialsFile).s3;
  return new S3Client({ endpoint: target.endpoint, region: LOCAL_REGION, credentials: { accessKeyId, secretAccessKey }, forcePathStyle: true, ...checksums });
}
