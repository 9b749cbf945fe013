/**
 * The control plane's single DynamoDB table. Its key schema comes from TABLE_KEYS, the same
 * constants the local bootstrap uses against DynamoDB Local, so AWS and local cannot drift.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_KEYS } from '../../lambdas/adapters/dynamodb/table-definition';

export interface ControlPlaneDataProps {
  /**
   * Delete the table with the stack (development stacks only). Off, the table keeps deletion
   * protection and is retained when the stack is deleted, so accounts, projects and usage
   * survive a mistaken `cdk destroy`.
   *
   * @default false
   */
  readonly destroyOnRemoval?: boolean;
}

export class ControlPlaneData extends Construct {
  public readonly table: dynamodb.Table;

  constructor(scope: Construct, id: string, props: ControlPlaneDataProps = {}) {
    super(scope, id);
    const destroy = props.destroyOnRemoval ?? false;
    const { partitionKey, sortKey, gsi1, ttlAttribute } = TABLE_KEYS;

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: sortKey, type: dynamodb.AttributeType.STRING },
      // On-demand: traffic is bursty (sign-ups, generations) and per-user rate limits, not
      // provisioned capacity, are the throttle.
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: ttlAttribute,
      // An AWS managed KMS key (aws/dynamodb) rather than the invisible AWS owned key: its use
      // shows in CloudTrail, without the cost and key policy of a customer managed key.
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      deletionProtection: !destroy,
      removalPolicy: destroy ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });

    this.table.addGlobalSecondaryIndex({
      indexName: gsi1.indexName,
      partitionKey: { name: gsi1.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: gsi1.sortKey, type: dynamodb.AttributeType.STRING },
      // ALL, as in createTableInput(): list pages are answered from the index alone.
      projectionType: dynamodb.ProjectionType.ALL,
    });
  }
}
