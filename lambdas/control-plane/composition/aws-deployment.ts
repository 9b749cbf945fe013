/**
 * The AWS side of deploying projects, built from the configuration (ENV.DEPLOYMENT_STATE_MACHINE_ARN
 * and its companions, lib/control-plane/deployment-workflow.ts): the services of the stack steps
 * (CloudFormation and the project tables of any region, the artifact bucket, the synthesis
 * function, the published code) for the deployment step function, which runs the steps and the
 * previews the routes ask for. Clients are made per region, once.
 */
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CloudFormationStacks } from '../../adapters/cloudformation/cloudformation-stacks';
import { keptResourceClients, removeKeptResource } from '../../adapters/kept-resources';
import { LambdaSynthesizer } from '../../adapters/lambda-synthesizer';
import { DynamoProjectRecords } from '../../adapters/project-data/project-records';
import { S3CodePublisher } from '../../adapters/s3/code-publisher';
import { S3TemplateStore } from '../../adapters/s3/template-store';
import type { BlueprintIR } from '../../core/blueprint/ir';
import type { Clock } from '../../core/clock';
import type { BlueprintRepository } from '../../ports/blueprint-repository';
import type { DeploymentRepository } from '../../ports/deployment-repository';
import type { RetainedResource } from '../../ports/project-stacks';
import type { AwsDeploymentConfig } from '../../shared/config';
import type { StackStepServices } from '../deployment/stack-steps';

/** S3 as every BGS S3 client is configured (file-storage.ts: no checksums signed into requests). */
const s3In = (region: string) => new S3Client({ region, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });

function perRegion<T>(make: (region: string) => T): (region: string) => T {
  const made = new Map<string, T>();
  return (region) => {
    if (!made.has(region)) made.set(region, make(region));
    return made.get(region)!;
  };
}

export interface AwsDeploymentDeps {
  readonly blueprints: BlueprintRepository;
  /** Only the deployment step reads a project's deployments (what its last destroy kept). */
  readonly deployments?: DeploymentRepository;
  readonly clock: Clock;
  /** The control plane's own region. */
  readonly region: string;
  /** The control plane's table: a project's workflow function may read its own endpoints there. */
  readonly tableName: string;
  /** The control plane's public address: its API reference pages try a project's calls from there. */
  readonly publicUrl: string;
}

export function awsStackStepServices(config: AwsDeploymentConfig, deps: AwsDeploymentDeps): Omit<StackStepServices, 'log'> {
  const publisher = new S3CodePublisher({ source: config.code, sourceRegion: deps.region, accountId: config.accountId, clientFor: perRegion(s3In) });
  const synthesizer = new LambdaSynthesizer(new LambdaClient({ region: deps.region }), config.synthFunctionName);
  // The partition of the account's ARNs (the stack role's), so the table's ARN is right outside `aws` too.
  const partition = config.stackRoleArn.split(':')[1] ?? 'aws';
  const controlPlaneTableArn = `arn:${partition}:dynamodb:${deps.region}:${config.accountId}:table/${deps.tableName}`;
  return {
    async blueprintIr(blueprintId) {
      const ir = await deps.blueprints.getPart<BlueprintIR>(blueprintId, 'ir');
      if (!ir) throw new Error(`blueprint ${blueprintId} has no intermediate representation`);
      return ir;
    },
    async keptResources(projectId) {
      if (!deps.deployments) throw new Error('this principal does not read deployments');
      // Newest first: the latest destroy says what the account still holds (the stack is gone).
      let startKey: Record<string, string | number> | undefined;
      do {
        const page = await deps.deployments.list(projectId, 50, startKey);
        for (const record of page.items) if (record.kind === 'destroy' && record.status === 'destroyed') return (record.kept ?? []) as RetainedResource[];
        startKey = page.lastKey;
      } while (startKey);
      return [];
    },
    stacks: perRegion((region) => new CloudFormationStacks({ client: new CloudFormationClient({ region, maxAttempts: 5 }) })),
    records: perRegion((region) => new DynamoProjectRecords(DynamoDBDocumentClient.from(new DynamoDBClient({ region })))),
    templates: new S3TemplateStore(s3In(deps.region), config.artifactBucket, deps.region, config.urlSuffix),
    synthesize: (input) => {
      const code = publisher.locationIn(input.region);
      return synthesizer.synthesize({
        ...input,
        codeBucket: code.bucket,
        codeKeys: code.keys,
        controlPlaneTableArn,
        ...(config.workflowMailFrom ? { workflowMailFrom: config.workflowMailFrom } : {}),
        ...(config.mailFrom ? { mailFrom: config.mailFrom } : {}),
        // An alarm notifies topics of its own region only: a project elsewhere gets no alarms.
        ...(config.alarmTopicArn && input.region === deps.region ? { alarmTopicArn: config.alarmTopicArn } : {}),
        ...(config.projectReservedConcurrency ? { reservedConcurrency: config.projectReservedConcurrency } : {}),
        // The API reference pages are served at the control plane's address: their "Try it out" calls cross to the project's.
        apiReferenceOrigin: new URL(deps.publicUrl).origin,
      });
    },
    removeKept: (region, resource) => removeKeptResource(keptResourceClients(region), resource),
    publishCode: (region) => publisher.publishTo(region),
    stackRoleArn: config.stackRoleArn,
    projectRegion: config.projectRegion,
    clock: deps.clock,
  };
}
