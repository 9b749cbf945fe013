/**
 * Where a project stack's functions get their code (ProjectStack's `code` prop): the same template
 * from every source apart from the code's location, each function of PROJECT_CODE_ENTRIES taking
 * it, and the artifact route's Lambda asset carrying the exported app's kit beside its bundle.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { App, CfnWaitConditionHandle, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { DirectoryCdkAppKit } from '../../lambdas/adapters/cdk-app-kit/directory-kit';
import { CDK_KIT_DIR } from '../../lambdas/control-plane/cdk-archive/archive-layout';
import { CONTROL_PLANE_ROUTES } from '../../lambdas/control-plane/routes';
import { routeCompanionCode } from '../../lib/control-plane/route-companions';
import { PROJECT_APP_CONTEXT } from '../../lib/project/project-app-context';
import { PROJECT_CODE_NAMES, ProjectCode, type ProjectCodeName } from '../../lib/project/project-code';
import { ProjectStack } from '../../lib/project/project-stack';
import { repositoryCdkAppKit } from '../../lib/project/export/repository-kit';
import { withoutCodeLocations } from '../support/cdk-app-check';
import { goldenIrWithSchedules } from './scheduled-ir';

interface Fn {
  Type: string;
  Properties: { Code: { S3Bucket: unknown; S3Key: string } };
}

// Workflows and a scheduled job: a stack with every function of PROJECT_CODE_ENTRIES.
const ir = goldenIrWithSchedules('03-expense-approvals');

function synth(code?: (stack: Stack) => ProjectCode) {
  const app = new App({ context: { ...PROJECT_APP_CONTEXT, 'aws:cdk:bundling-stacks': [] } });
  const holder = new Stack(app, 'Code');
  // A stack needs a resource to pass CloudFormation validation (on with the project app's flags).
  new CfnWaitConditionHandle(holder, 'Keep');
  const stack = new ProjectStack(app, 'P', { ir, projectId: 'p-1', ...(code ? { code: code(holder) } : {}) });
  return app.synth().getStackByName(stack.stackName).template as { Resources: Record<string, Fn> };
}

const functions = (template: { Resources: Record<string, Fn> }) => Object.values(template.Resources).filter((r) => r.Type === 'AWS::Lambda::Function');

it('every code source gives the same template apart from the code of each function', () => {
  const keys = Object.fromEntries(PROJECT_CODE_NAMES.map((name) => [name, `code/${name}.zip`])) as Record<ProjectCodeName, string>;
  const bundled = synth();
  const fromBucket = synth((holder) => ProjectCode.fromBucket(s3.Bucket.fromBucketName(holder, 'Published', 'bgs-code'), keys));
  const strip = (t: { Resources: Record<string, Fn> }) => {
    const copy = withoutCodeLocations(t) as unknown as { Resources: Record<string, Fn> };
    for (const fn of functions(copy)) fn.Properties.Code = { S3Bucket: '<bucket>', S3Key: '<key>' };
    return copy;
  };
  expect(strip(fromBucket)).toEqual(strip(bundled));
  // Each function of PROJECT_CODE_ENTRIES, the custom resource's provider included, takes its published object.
  expect(functions(fromBucket).map((fn) => fn.Properties.Code).sort((a, b) => a.S3Key.localeCompare(b.S3Key))).toEqual(
    PROJECT_CODE_NAMES.map((name) => ({ S3Bucket: 'bgs-code', S3Key: `code/${name}.zip` })).sort((a, b) => a.S3Key.localeCompare(b.S3Key)),
  );
  expect(functions(fromBucket)).toHaveLength(PROJECT_CODE_NAMES.length);
});

it("the artifact route's Lambda asset holds its bundle and the exported app's kit, the same kit the local service builds", async () => {
  // Bundling on, as `cdk synth` of the control plane does it.
  const stack = new Stack(new App(), 'Route');
  const code = routeCompanionCode(stack, CONTROL_PLANE_ROUTES.cdkArtifact);
  expect(code).toBeInstanceOf(lambda.AssetCode);
  const dir = (code as lambda.AssetCode).path;
  expect(existsSync(join(dir, 'index.mjs'))).toBe(true);
  const shipped = await new DirectoryCdkAppKit(join(dir, CDK_KIT_DIR)).files();
  const local = await repositoryCdkAppKit().files();
  expect([...shipped.keys()].sort()).toEqual([...local.keys()].sort());
  for (const [path, bytes] of local) expect([path, Buffer.from(shipped.get(path)!).equals(Buffer.from(bytes))]).toEqual([path, true]);
  // No other route carries anything beside its bundle.
  expect(routeCompanionCode(stack, CONTROL_PLANE_ROUTES.designDocArtifact)).toBeUndefined();
}, 120_000);
