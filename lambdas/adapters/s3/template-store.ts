/**
 * TemplateStore over the control plane's artifact bucket (lambdas/ports/project-stacks.ts): a
 * project template (~50 KB) is over CloudFormation's 51,200-byte inline limit, so it is put
 * here and the change set names its HTTPS address: the regional virtual-hosted one, under the
 * partition's DNS suffix (core/aws-endpoints.ts).
 */
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { s3ObjectUrl } from '../../core/aws-endpoints';
import type { CloudFormationTemplate } from '../../core/deploy/template-diff';
import type { TemplateStore } from '../../ports/project-stacks';
import { withBackoff } from '../throttling';

export class S3TemplateStore implements TemplateStore {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly region: string,
    /** The partition's DNS suffix (`amazonaws.com`, `amazonaws.com.cn`). */
    private readonly urlSuffix: string,
  ) {}

  async put(key: string, template: CloudFormationTemplate): Promise<string> {
    await withBackoff(() =>
      this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: JSON.stringify(template), ContentType: 'application/json' })),
    );
    return s3ObjectUrl(this.bucket, this.region, this.urlSuffix, key);
  }
}
