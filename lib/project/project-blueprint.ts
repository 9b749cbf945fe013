/**
 * The deployed blueprint in the project's table (PK META / SK BLUEPRINT,
 * lambdas/adapters/project-data/deployed-blueprint.ts), written by CloudFormation itself: an
 * AwsCustomResource PutItems the item on create and whenever the IR (or the deployment it came
 * with) changes, so the runtime finds it at cold start. The template carries the IR; no code is
 * built per project (DESIGN.md principle 5: the provider function is aws-cdk-lib's own handler,
 * the same asset in every project stack).
 *
 * The IR travels gzipped as base64 text in a string attribute (`irGzipBase64`): the custom
 * resource's parameters are JSON, and a string given for a binary attribute would be stored as
 * the UTF-8 bytes of the text. The runtime's loader reads both encodings.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { deployedBlueprintAttributeValues } from '../../lambdas/adapters/project-data/deployed-blueprint';
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import { replaceBlueprintProviderCode } from './project-code';

export interface ProjectBlueprintProps {
  readonly table: dynamodb.ITable;
  readonly ir: BlueprintIR;
  readonly deploymentId: string;
  readonly blueprintId: string;
  /** @default - not recorded */
  readonly deployedAt?: string;
  /**
   * The provider function's code (ProjectStack's `code` prop).
   *
   * @default aws-cdk-lib's own handler, as AwsCustomResource ships it
   */
  readonly providerCode?: lambda.Code;
  /**
   * How long the provider's logs are kept.
   *
   * @default logs.RetentionDays.ONE_MONTH
   */
  readonly logRetention?: logs.RetentionDays;
  /**
   * Delete the provider's log group with the stack.
   *
   * @default false
   */
  readonly destroyOnRemoval?: boolean;
}

export class ProjectBlueprint extends Construct {
  public readonly resource: cr.AwsCustomResource;
  public readonly role: iam.Role;
  /** The `Item` of the PutItem call (DynamoDB attribute-value JSON). */
  public readonly item: Readonly<Record<string, { S: string }>>;

  constructor(scope: Construct, id: string, props: ProjectBlueprintProps) {
    super(scope, id);
    const { table } = props;
    this.item = deployedBlueprintAttributeValues({
      ir: props.ir,
      deploymentId: props.deploymentId,
      blueprintId: props.blueprintId,
      ...(props.deployedAt === undefined ? {} : { deployedAt: props.deployedAt }),
    });

    const logGroup = new logs.LogGroup(this, 'ProviderLogs', {
      retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
      removalPolicy: props.destroyOnRemoval ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });
    // Our own role with an inline policy, instead of the provider's default one (the AWS managed
    // AWSLambdaBasicExecutionRole, whose log rights cover every log group, plus a separate
    // AWS::IAM::Policy): PutItem on this table and its own logs, nothing else.
    this.role = new iam.Role(this, 'ProviderRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'BGS project: writes the deployed blueprint into the project table',
      inlinePolicies: {
        Provider: new iam.PolicyDocument({
          statements: [
            new iam.PolicyStatement({ sid: 'WriteOwnLogs', actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }),
            new iam.PolicyStatement({ sid: 'WriteBlueprint', actions: ['dynamodb:PutItem'], resources: [table.tableArn] }),
          ],
        }),
      },
    });

    const putItem: cr.AwsSdkCall = {
      service: 'DynamoDB',
      action: 'PutItem',
      parameters: { TableName: table.tableName, Item: this.item },
      // One item per table: the same physical id on every update, so CloudFormation never asks to
      // delete an "old" one (there is no onDelete: the item goes with the table).
      physicalResourceId: cr.PhysicalResourceId.of('deployed-blueprint'),
      // The request holds the whole IR: keep it out of the provider's logs.
      logging: cr.Logging.withDataHidden(),
    };
    this.resource = new cr.AwsCustomResource(this, 'Put', {
      resourceType: 'Custom::BgsDeployedBlueprint',
      onCreate: putItem,
      onUpdate: putItem,
      role: this.role,
      logGroup,
      // The SDK in the Lambda runtime: PutItem is old, and downloading the latest SDK at deploy
      // time would need internet access and a minute per deploy.
      installLatestAwsSdk: false,
      timeout: Duration.minutes(1),
      // A provider that never answers fails the deploy in minutes, not after CloudFormation's hour.
      serviceTimeout: Duration.minutes(5),
    });
    if (props.providerCode) replaceBlueprintProviderCode(this, props.providerCode);
  }
}
