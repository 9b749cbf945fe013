/** The local S3 stand-in: s3rver behind a SigV4-verifying front (see object-store.ts). */
export {
  assertValidBucketName,
  InvalidBucketNameError,
  localS3Client,
  startLocalObjectStore,
  type LocalObjectStore,
  type LocalObjectStoreOptions,
} from './object-store';
export { startVerifyingFront, type VerifyingFront, type VerifyingFrontOptions } from './verifying-front';
export { verifyRequest, type SigningCredentials, type Verdict } from './sigv4-verifier';
