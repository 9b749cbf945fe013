/**
 * The code of project stacks, published once with the control plane (its CDK assets, in the
 * control plane's region) and copied to a bucket of a project's region the first time a project
 * deploys there: Lambda takes code only from a bucket in its own region. A deploy uploads no
 * code: the objects are keyed by content, so a copy is made once per region and version.
 *
 * The regional bucket `bgs-code-<account>-<region>` is created on first use with public access
 * blocked, default encryption (S3's) and a policy refusing plain HTTP.
 */
import { CopyObjectCommand, CreateBucketCommand, HeadObjectCommand, PutBucketPolicyCommand, PutPublicAccessBlockCommand, S3ServiceException, type BucketLocationConstraint, type S3Client } from '@aws-sdk/client-s3';
import { withBackoff } from '../throttling';

export interface PublishedCode {
  readonly bucket: string;
  readonly keys: Readonly<Record<string, string>>;
}

export interface CodePublisherProps {
  /** Where the control plane published the code, and its region. */
  readonly source: PublishedCode;
  readonly sourceRegion: string;
  readonly accountId: string;
  /** An S3 client of a region. */
  readonly clientFor: (region: string) => S3Client;
}

export const regionalCodeBucket = (accountId: string, region: string): string => `bgs-code-${accountId}-${region}`;

const missing = (err: unknown): boolean => err instanceof S3ServiceException && (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);

export class S3CodePublisher {
  constructor(private readonly props: CodePublisherProps) {}

  /** Where the code is for functions of `region` (the copies there; the source in its own region). */
  locationIn(region: string): PublishedCode {
    if (region === this.props.sourceRegion) return this.props.source;
    return { bucket: regionalCodeBucket(this.props.accountId, region), keys: this.props.source.keys };
  }

  /** Copies what `region` lacks; returns how many objects were copied (0 when all were there). */
  async publishTo(region: string): Promise<number> {
    if (region === this.props.sourceRegion) return 0;
    const client = this.props.clientFor(region);
    const bucket = regionalCodeBucket(this.props.accountId, region);
    await this.ensureBucket(client, bucket, region);
    let copied = 0;
    for (const key of Object.values(this.props.source.keys)) {
      try {
        await withBackoff(() => client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })));
        continue;
      } catch (err) {
        if (!missing(err)) throw err;
      }
      await withBackoff(() => client.send(new CopyObjectCommand({ Bucket: bucket, Key: key, CopySource: `${this.props.source.bucket}/${key}` })));
      copied += 1;
    }
    return copied;
  }

  private async ensureBucket(client: S3Client, bucket: string, region: string): Promise<void> {
    try {
      await client.send(new CreateBucketCommand({ Bucket: bucket, ...(region === 'us-east-1' ? {} : { CreateBucketConfiguration: { LocationConstraint: region as BucketLocationConstraint } }) }));
    } catch (err) {
      if (err instanceof S3ServiceException && err.name === 'BucketAlreadyOwnedByYou') return;
      throw err;
    }
    await client.send(new PutPublicAccessBlockCommand({ Bucket: bucket, PublicAccessBlockConfiguration: { BlockPublicAcls: true, IgnorePublicAcls: true, BlockPublicPolicy: true, RestrictPublicBuckets: true } }));
    await client.send(
      new PutBucketPolicyCommand({
        Bucket: bucket,
        Policy: JSON.stringify({
          Version: '2012-10-17',
          Statement: [{ Sid: 'TlsOnly', Effect: 'Deny', Principal: '*', Action: 's3:*', Resource: [`arn:aws:s3:::${bucket}`, `arn:aws:s3:::${bucket}/*`], Condition: { Bool: { 'aws:SecureTransport': 'false' } } }],
        }),
      }),
    );
  }
}
