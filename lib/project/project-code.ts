/**
 * Where the code of a project stack's functions comes from: ONE abstraction, a prop of
 * ProjectStack (`code`), so the same constructs serve
 *   (a) the service itself: its own bundling (lambda-bundling.ts; a placeholder when a synthesis
 *       skips bundling, as the deployer's in-memory template and the tests do),
 *   (b) the exported CDK app: prebuilt folders shipped in its archive (`assets/<name>/`),
 *   (c) a deployer that publishes the code once to S3 and deploys templates naming those objects.
 *
 * PROJECT_CODE_ENTRIES is THE list of a project stack's functions with code; the constructs read
 * their entry from it and the exported archive ships one folder per name, so a new function is one
 * entry here.
 */
import { Annotations, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsCustomResource } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { bundledCode } from '../shared/bgs-function';

/** A function built from one of the service's Lambda entries (lambda-bundling.ts). */
interface BundledEntry {
  readonly kind: 'bundle';
  /** The handler file, relative to the repository root. */
  readonly entry: string;
}

/** A function whose code is one of aws-cdk-lib's own handlers, as the construct that makes it ships it. */
interface CdkHandlerEntry {
  readonly kind: 'cdk-handler';
  /** Its folder inside the aws-cdk-lib package. */
  readonly packagePath: string;
}

export type ProjectCodeEntry = BundledEntry | CdkHandlerEntry;

/** Every function of a project stack that has code, by the name of its folder in an exported archive. */
export const PROJECT_CODE_ENTRIES = {
  /** The generated API (ProjectRuntimeFunction). */
  runtime: { kind: 'bundle', entry: 'lambdas/project-runtime/runtime.lambda.ts' },
  /** Cognito's pre-token-generation trigger (ProjectIdentity). */
  'pre-token-generation': { kind: 'bundle', entry: 'lambdas/project-runtime/pre-token-generation.lambda.ts' },
  /** The durable workflow function (ProjectWorkflows; stacks of blueprints with workflows only). */
  workflow: { kind: 'bundle', entry: 'lambdas/project-runtime/workflow.lambda.ts' },
  /** The function on the project table's stream: workflows, event handlers, webhooks (ProjectEvents). */
  'record-changes': { kind: 'bundle', entry: 'lambdas/project-runtime/record-changes.lambda.ts' },
  /** The function that runs event jobs: webhook deliveries, retries, a job's run per organization (ProjectEvents). */
  'event-jobs': { kind: 'bundle', entry: 'lambdas/project-runtime/event-jobs.lambda.ts' },
  /** The target of the scheduled jobs' schedules (ProjectEvents; stacks of blueprints with scheduled jobs only). */
  schedules: { kind: 'bundle', entry: 'lambdas/project-runtime/schedules.lambda.ts' },
  /** The function that ends the instances of executions that ended outside the handler (ProjectWorkflows). */
  'workflow-execution-ends': { kind: 'bundle', entry: 'lambdas/project-runtime/workflow-execution-ends.lambda.ts' },
  /** The provider of the deployed-blueprint custom resource (ProjectBlueprint: AwsCustomResource's handler). */
  'blueprint-provider': { kind: 'cdk-handler', packagePath: 'custom-resource-handlers/dist/custom-resources/aws-custom-resource-handler' },
} as const satisfies Record<string, ProjectCodeEntry>;

export type ProjectCodeName = keyof typeof PROJECT_CODE_ENTRIES;

export const PROJECT_CODE_NAMES = Object.keys(PROJECT_CODE_ENTRIES) as ProjectCodeName[];

/** The construct id under which AwsCustomResource's singleton provider function lives in its stack. */
const BLUEPRINT_PROVIDER_ID = `AWS${AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`;

export abstract class ProjectCode {
  /** (a) The service's own bundling; aws-cdk-lib's handlers stay as their constructs make them. */
  static bundled(): ProjectCode {
    return new BundledProjectCode();
  }

  /** (b) Prebuilt folders, `<dir>/<name>/` for each name of PROJECT_CODE_ENTRIES (the exported archive's `assets/`). */
  static fromAssetFolders(dir: string): ProjectCode {
    return new FunctionProjectCode((_scope, name) => lambda.Code.fromAsset(`${dir}/${name}`));
  }

  /** (c) Objects published to a bucket beforehand, one zip per name. */
  static fromBucket(bucket: s3.IBucket, keys: Readonly<Record<ProjectCodeName, string>>): ProjectCode {
    return new FunctionProjectCode((_scope, name) => lambda.Code.fromBucket(bucket, keys[name]));
  }

  /** (c) The same, by the bucket's name (the AWS deployer's template: the bucket is imported into the stack once). */
  static fromBucketName(bucketName: string, keys: Readonly<Record<ProjectCodeName, string>>): ProjectCode {
    return new FunctionProjectCode((scope, name) => {
      const stack = Stack.of(scope);
      let bucket = stack.node.tryFindChild('PublishedCode') as s3.IBucket | undefined;
      if (!bucket) {
        bucket = s3.Bucket.fromBucketName(stack, 'PublishedCode', bucketName);
        Annotations.of(bucket).acknowledgeWarning(
          '@aws-cdk/aws-lambda:codeFromBucketObjectVersionNotSpecified',
          'The published code objects are keyed by their content hash: new code is a new key, so the function is updated without an object version.',
        );
      }
      return lambda.Code.fromBucket(bucket, keys[name]);
    });
  }

  /** The code of one function; `undefined` leaves it as its construct makes it. */
  abstract codeFor(scope: Construct, name: ProjectCodeName): lambda.Code | undefined;
}

class BundledProjectCode extends ProjectCode {
  codeFor(scope: Construct, name: ProjectCodeName): lambda.Code | undefined {
    const entry: ProjectCodeEntry = PROJECT_CODE_ENTRIES[name];
    return entry.kind === 'bundle' ? bundledCode(scope, entry.entry) : undefined;
  }
}

class FunctionProjectCode extends ProjectCode {
  constructor(private readonly make: (scope: Construct, name: ProjectCodeName) => lambda.Code) {
    super();
  }

  codeFor(scope: Construct, name: ProjectCodeName): lambda.Code {
    return this.make(scope, name);
  }
}

/**
 * Gives AwsCustomResource's provider function (made by aws-cdk-lib, which takes no code for it)
 * the code `code` names, bound in `scope`. The function keeps its logical id; only its Code moves.
 */
export function replaceBlueprintProviderCode(scope: Construct, code: lambda.Code): void {
  const provider = Stack.of(scope).node.findChild(BLUEPRINT_PROVIDER_ID) as lambda.Function;
  const cfn = provider.node.defaultChild as lambda.CfnFunction;
  // Bound in our own scope: the provider already has a child named `Code` (its original asset).
  const config = code.bind(scope);
  if (!config.s3Location) throw new Error('The blueprint provider takes its code from an S3 location (an asset or a bucket)');
  cfn.code = { s3Bucket: config.s3Location.bucketName, s3Key: config.s3Location.objectKey, s3ObjectVersion: config.s3Location.objectVersion };
  code.bindToResource(cfn);
}
