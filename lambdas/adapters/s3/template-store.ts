/**
 * TemplateStore over the control plane's artifact bucket (lambdas/ports/project-stacks.ts): a
 * project template (~50 KB) is over CloudFormation's 51,200-byte inline limit, so it is put
 * here and the change set names its HTTPS address. Regional virtual-hosted addresses: the
 * global `s3.amazonaws.com` form redirects outside us-east-1, which CloudFormation refuses.
 */
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { CloudFormationTemplate } from '../../core/deploy/template-diff';
import type { TemplateStore } from '../../ports/project-stacks';
import { withBackoff } from '../throttling';

export class S3TemplateStore implements TemplateStore {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly region: string,
  ) {}

  async put(key: string, template: CloudFormationTemplate): Promise<string> {
    await withBackoff(() =>
      this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: JSON.stringify(template), ContentType: 'application/json' })),
    );
    return `https://${this.bucket}.s3.${this.region}.amazonaws.com/${key.split('/').map(encodeURIComponent).join('/')}`;
  }
}
