/**
 * A generated project's own DynamoDB table (DESIGN.md "Storage": project data never shares the
 * control plane's table). Its whole shape comes from `projectTableInput`, the CreateTable request
 * the local deployer sends to DynamoDB Local: key schema, the overloaded GSI1..GSI<n>, their
 * projections, the billing mode and the stream are read from it here, so AWS and local cannot
 * drift and the index list is written once (PROJECT_TABLE_KEYS).
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import type { AttributeDefinition, CreateTableCommandInput, KeySchemaElement } from '@aws-sdk/client-dynamodb';
import { PROJECT_TABLE_KEYS, projectTableInput } from '../../lambdas/adapters/project-data/project-table';

export interface ProjectDataProps {
  /**
   * Delete the table with the stack (development stacks only). Off, the table keeps deletion
   * protection and is retained when the stack is deleted, so a project's records survive a
   * mistaken delete.
   *
   * @default false
   */
  readonly destroyOnRemoval?: boolean;
}

/** A key of the CreateTable request as CDK wants it (the table's attributes are all typed there). */
function keyAttribute(input: CreateTableCommandInput, keySchema: readonly KeySchemaElement[] | undefined, keyType: 'HASH' | 'RANGE'): dynamodb.Attribute {
  const name = keySchema?.find((key) => key.KeyType === keyType)?.AttributeName;
  if (!name) throw new Error(`projectTableInput has a key schema without a ${keyType} key`);
  const definition: AttributeDefinition | undefined = input.AttributeDefinitions?.find((attribute) => attribute.AttributeName === name);
  const types: Record<string, dynamodb.AttributeType> = { S: dynamodb.AttributeType.STRING, N: dynamodb.AttributeType.NUMBER, B: dynamodb.AttributeType.BINARY };
  const type = definition?.AttributeType === undefined ? undefined : types[definition.AttributeType];
  if (!type) throw new Error(`projectTableInput does not define the type of its key attribute ${name}`);
  return { name, type };
}

function projection(value: string | undefined): dynamodb.ProjectionType {
  // ALL is the only projection the project table uses (a list page is one Query); anything else
  // would need its non-key attributes carried over too: refuse rather than half-translate.
  if (value !== 'ALL') throw new Error(`projectTableInput uses projection ${String(value)}; ProjectData only translates ALL`);
  return dynamodb.ProjectionType.ALL;
}

function stream(input: CreateTableCommandInput): dynamodb.StreamViewType | undefined {
  const spec = input.StreamSpecification;
  if (!spec?.StreamEnabled) return undefined;
  // Only the view the record changes need is translated (turning a stream's view type changes
  // it for every consumer): anything else is refused rather than half-translated.
  if (spec.StreamViewType !== 'NEW_AND_OLD_IMAGES') throw new Error(`projectTableInput streams ${String(spec.StreamViewType)}; ProjectData only translates NEW_AND_OLD_IMAGES`);
  return dynamodb.StreamViewType.NEW_AND_OLD_IMAGES;
}

export class ProjectData extends Construct {
  public readonly table: dynamodb.Table;
  /** The names of the table's GSIs (GSI1..GSI<n>), in order. */
  public readonly indexNames: readonly string[];

  constructor(scope: Construct, id: string, props: ProjectDataProps = {}) {
    super(scope, id);
    const destroy = props.destroyOnRemoval ?? false;
    // The name only fills the request; CloudFormation names the table.
    const input = projectTableInput('cdk');
    if (input.BillingMode !== 'PAY_PER_REQUEST') throw new Error(`projectTableInput bills ${String(input.BillingMode)}; ProjectData only translates PAY_PER_REQUEST`);

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: keyAttribute(input, input.KeySchema, 'HASH'),
      sortKey: keyAttribute(input, input.KeySchema, 'RANGE'),
      // On-demand, as locally: a generated API's traffic is unknown in advance and bursty.
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // Invitations and file grants expire through it (`_ttl`, never a field name of a record).
      timeToLiveAttribute: PROJECT_TABLE_KEYS.ttlAttribute,
      // The record changes (created, updated, deleted) workflow triggers and waits consume.
      stream: stream(input),
      // An AWS managed KMS key (aws/dynamodb), as the control plane's table: its use shows in
      // CloudTrail, without the cost and key policy of a customer managed key.
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      deletionProtection: !destroy,
      removalPolicy: destroy ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });

    const indexNames: string[] = [];
    for (const index of input.GlobalSecondaryIndexes ?? []) {
      if (!index.IndexName) throw new Error('projectTableInput has an index without a name');
      this.table.addGlobalSecondaryIndex({
        indexName: index.IndexName,
        partitionKey: keyAttribute(input, index.KeySchema, 'HASH'),
        sortKey: keyAttribute(input, index.KeySchema, 'RANGE'),
        projectionType: projection(index.Projection?.ProjectionType),
      });
      indexNames.push(index.IndexName);
    }
    this.indexNames = indexNames;
  }
}
