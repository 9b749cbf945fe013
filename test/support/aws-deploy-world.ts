/**
 * A small AWS for the deployment tests: a simulated CloudFormation per region, a mocked S3 client
 * for templates, in-memory project records and published code, and the stack steps' services over
 * them (what lambdas/control-plane/composition/aws-deployment.ts builds on AWS).
 */
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { CloudFormationStacks } from '../../lambdas/adapters/cloudformation/cloudformation-stacks';
import { S3TemplateStore } from '../../lambdas/adapters/s3/template-store';
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import type { DataFacts, SafeStep } from '../../lambdas/core/deploy/data-safety';
import type { CloudFormationTemplate } from '../../lambdas/core/deploy/template-diff';
import { AwsProjectDeployer } from '../../lambdas/control-plane/deployment/aws-project-deployer';
import type { StackStepServices } from '../../lambdas/control-plane/deployment/stack-steps';
import type { DeploymentLogLevel } from '../../lambdas/ports/project-deployer';
import type { ProjectRecords } from '../../lambdas/ports/project-records';
import type { RetainedResource } from '../../lambdas/ports/project-stacks';
import { goldenIr } from './golden-ir';
import { SimulatedCloudFormation } from './simulated-cloudformation';

export const STACK = 'BgsProject-p1';
export const RESOURCES = [
  { logicalId: 'ProjectDataTable', type: 'AWS::DynamoDB::Table', physicalId: 'BgsProject-p1-ProjectDataTable-ABC' },
  { logicalId: 'ProjectFilesBucket', type: 'AWS::S3::Bucket', physicalId: 'bgsproject-p1-projectfilesbucket-xyz' },
  { logicalId: 'ProjectIdentityUserPool', type: 'AWS::Cognito::UserPool', physicalId: 'eu-west-1_Pool1' },
  { logicalId: 'ProjectRuntimeHandler', type: 'AWS::Lambda::Function', physicalId: 'BgsProject-p1-Runtime' },
];
export const OUTPUTS = { ApiUrl: 'https://abc123.execute-api.eu-west-1.amazonaws.com/', TableName: RESOURCES[0]!.physicalId };

/** The template `synthesize` answers: the kept resources (Retain) and a function. */
const TEMPLATE: CloudFormationTemplate = {
  Resources: Object.fromEntries(RESOURCES.map((r) => [r.logicalId, { Type: r.type, DeletionPolicy: r.type === 'AWS::Lambda::Function' ? undefined : 'Retain', Properties: {} }])),
  Outputs: { ApiUrl: { Value: 'x' } },
};

export interface World {
  regions: Map<string, SimulatedCloudFormation>;
  s3: ReturnType<typeof mockClient>;
  logs: { level: DeploymentLogLevel; message: string }[];
  kept: RetainedResource[];
  removed: RetainedResource[];
  steps: SafeStep[];
  deployedBlueprintId: string | null;
  facts: DataFacts;
  services: Omit<StackStepServices, 'log'>;
  pauses: number[];
  published: string[];
}

export const blueprints: Record<string, BlueprintIR> = { b1: goldenIr('01-task-tracker'), b2: goldenIr('01-task-tracker'), wf: goldenIr('03-expense-approvals') };

export function world(): World {
  const regions = new Map<string, SimulatedCloudFormation>();
  const sim = (region: string) => {
    if (!regions.has(region)) {
      const s = new SimulatedCloudFormation(new CloudFormationClient({ region }));
      s.script.outputs = OUTPUTS;
      s.script.resources = RESOURCES;
      regions.set(region, s);
    }
    return regions.get(region)!;
  };
  const s3Client = new S3Client({ region: 'eu-west-1' });
  const s3 = mockClient(s3Client);
  s3.on(PutObjectCommand).resolves({});
  const w: World = { regions, s3, logs: [], kept: [], removed: [], steps: [], deployedBlueprintId: null, facts: {}, pauses: [], published: [], services: undefined as never };
  const records: ProjectRecords = {
    deployedBlueprintId: async () => w.deployedBlueprintId,
    facts: async () => w.facts,
    runStep: async (_table, _before, _after, step) => {
      w.steps.push(step);
      return { changed: 3, skipped: 0 };
    },
  };
  w.services = {
    blueprintIr: async (id) => {
      const ir = blueprints[id];
      if (!ir) throw new Error(`no blueprint ${id}`);
      return ir;
    },
    keptResources: async () => w.kept,
    stacks: (region) => new CloudFormationStacks({ client: sim(region).client, backoff: { sleep: async () => undefined } }),
    records: () => records,
    templates: new S3TemplateStore(s3Client, 'bgs-artifacts', 'eu-west-1', 'amazonaws.com'),
    synthesize: async () => structuredClone(TEMPLATE),
    removeKept: async (_region, resource) => {
      w.removed.push(resource);
    },
    publishCode: async (region) => {
      w.published.push(region);
      return region === 'eu-west-1' ? 0 : 3;
    },
    stackRoleArn: 'arn:aws:iam::123456789012:role/bgs-project-stacks',
    projectRegion: 'eu-west-1',
    clock: { now: () => new Date('2026-11-26T09:00:00.000Z') },
  };
  sim('eu-west-1');
  return w;
}

export function deployer(w: World): AwsProjectDeployer {
  return new AwsProjectDeployer({
    services: w.services,
    pause: async (seconds) => {
      w.pauses.push(seconds);
    },
  });
}

export const log = (w: World) => async (level: DeploymentLogLevel, message: string) => {
  w.logs.push({ level, message });
};

export const deploy = (w: World, blueprintId = 'b1', allowDataLoss = false) => deployer(w).deploy({ projectId: 'p1', deploymentId: 'd1', blueprintId, ir: blueprints[blueprintId]!, allowDataLoss, log: log(w) });

