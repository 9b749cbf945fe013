/**
 * A generated project's bucket: the files its records carry, moved directly between clients and
 * S3 through presigned URLs the runtime signs after authorizing each request
 * (lambdas/adapters/s3/file-storage.ts). Nothing is public; the storage key of every object is
 * derived by the server from organization, entity, record and file key (CONTRACT "Files").
 * Uploads land under the staging prefix and are moved to their final key when attached; a
 * lifecycle rule deletes staging objects nobody attached once their grant has expired
 * (lambdas/core/project-api/file-keys.ts).
 */
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import { STAGING_PREFIX, stagingExpirationDays } from '../../lambdas/core/project-api/file-keys';

export interface ProjectFilesProps {
  /** The project's blueprint: its file fields decide CORS, its origins who may upload. */
  readonly ir: BlueprintIR;
  /**
   * Delete the bucket, and the objects in it, with the stack (development stacks only). Off, the
   * bucket is retained when the stack is deleted, as the table is.
   *
   * @default false
   */
  readonly destroyOnRemoval?: boolean;
}

export class ProjectFiles extends Construct {
  public readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: ProjectFilesProps) {
    super(scope, id);
    const destroy = props.destroyOnRemoval ?? false;
    const { ir } = props;

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      // Owner-enforced: ACLs are off, every object belongs to the bucket's account.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // SSE-S3 (AES-256), as the service description says; no KMS key, so presigned GETs and
      // PUTs need no kms:* permission and cost no KMS request.
      encryption: s3.BucketEncryption.S3_MANAGED,
      // A bucket policy that denies every request not made over TLS (cdk-nag S10).
      enforceSSL: true,
      // Off: a file field holds one key, a replaced file is a new key, and a deleted one is meant
      // to be gone (deletion is how the runtime refuses an object of the wrong type or size).
      versioned: false,
      // Browsers upload and download with the presigned URLs themselves: CORS for the project's
      // origins, and only when the blueprint has a file field at all.
      cors: ir.files.length > 0 && ir.cors.allowedOrigins.length > 0
        ? [
            {
              allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET],
              allowedOrigins: [...ir.cors.allowedOrigins],
              // The presigned PUT signs Content-Type, so the browser sends it (Content-Length it sets itself).
              allowedHeaders: ['Content-Type'],
              maxAge: Duration.hours(1).toSeconds(),
            },
          ]
        : undefined,
      // Uploads never attached: deleted once past their grant (whole days, S3's unit: the grant's
      // lifetime plus a margin, rounded up; S3 deletes at the next midnight UTC after that, so an
      // upload lives at most about a day longer, never shorter). The local sweeper does the same.
      lifecycleRules: [{ id: 'ExpireUnattachedUploads', prefix: STAGING_PREFIX, expiration: Duration.days(stagingExpirationDays(ir.limits)) }],
      removalPolicy: destroy ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
      // A bucket with objects cannot be deleted: "destroy" empties it first (development stacks).
      autoDeleteObjects: destroy,
    });

    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'No server access logs: every object request uses a presigned URL that the runtime signs only after ' +
        'authorizing an API request (logged in the API access logs and the runtime logs), for a key the server ' +
        'derives itself, and upload grants are recorded in the project table. A log bucket per generated ' +
        'project would double its buckets for data those records already hold; account-wide CloudTrail S3 data ' +
        'events are the place for object-level audit.',
    });
  }
}
