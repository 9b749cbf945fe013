/**
 * The CloudFormation side of deploying a project to AWS (issue 24): what the deployment steps
 * (lambdas/control-plane/deployment/stack-steps.ts) ask of a region's CloudFormation, in the
 * words the steps think in. Adapter: lambdas/adapters/cloudformation/cloudformation-stacks.ts
 * (throttling retried with backoff there). Templates travel through the artifact bucket
 * (TemplateStore): a project template is ~50 KB, over CloudFormation's 51,200-byte inline limit.
 */
import type { CloudFormationTemplate } from '../core/deploy/template-diff';
import type { DeploymentLogLevel } from './project-deployer';

/** Where a stack is, as the steps act on it. */
export type StackState =
  /** No such stack (never created, or deleted). */
  | 'absent'
  /** A create, update, import, rollback or delete is running. */
  | 'busy'
  /** Created, updated or imported: it serves. */
  | 'ready'
  /** Only a change set was ever made for it (REVIEW_IN_PROGRESS): nothing exists yet. */
  | 'review'
  /** The last operation failed and was rolled back (or could not be): `reason` says why. */
  | 'failed';

export interface StackSummary {
  readonly name: string;
  /** CloudFormation's own status (`UPDATE_COMPLETE`), for the logs. */
  readonly status: string;
  readonly state: StackState;
  readonly outputs: Readonly<Record<string, string>>;
  /** CloudFormation's status reason, when it gives one. */
  readonly reason?: string;
}

export type ChangeSetKind = 'CREATE' | 'UPDATE' | 'IMPORT';

/** A resource kept from a destroyed stack, brought back into a new one by a change set of kind IMPORT. */
export interface ResourceToImport {
  readonly logicalId: string;
  readonly resourceType: string;
  /** The identifier CloudFormation imports it by (`{ TableName }`, `{ BucketName }`, `{ UserPoolId }`). */
  readonly identifier: Readonly<Record<string, string>>;
}

export interface NewChangeSet {
  readonly stackName: string;
  readonly changeSetName: string;
  readonly kind: ChangeSetKind;
  /** The template's HTTPS address in the artifact bucket. */
  readonly templateUrl: string;
  readonly resourcesToImport?: readonly ResourceToImport[];
  readonly tags?: Readonly<Record<string, string>>;
  /** The role CloudFormation acts with (a service role): the caller needs only iam:PassRole on it. @default the caller's credentials */
  readonly roleArn?: string;
}

export type ChangeSetState =
  | { readonly state: 'pending' }
  | { readonly state: 'ready' }
  /** CloudFormation found nothing to change ("The submitted information didn't contain changes"). */
  | { readonly state: 'empty' }
  | { readonly state: 'failed'; readonly reason: string };

export interface StackEvent {
  readonly id: string;
  readonly at: string;
  readonly level: DeploymentLogLevel;
  /** `<logical id> <status>[: <reason>]` */
  readonly message: string;
}

/** A resource of a stack that outlives it (DeletionPolicy Retain): what a destroy keeps. */
export interface RetainedResource {
  readonly logicalId: string;
  readonly resourceType: string;
  readonly physicalId: string;
}

export interface ProjectStacks {
  describe(stackName: string): Promise<StackSummary | null>;
  createChangeSet(input: NewChangeSet): Promise<void>;
  changeSetState(stackName: string, changeSetName: string): Promise<ChangeSetState>;
  executeChangeSet(stackName: string, changeSetName: string): Promise<void>;
  /** Deleting a change set that is gone already is fine. */
  deleteChangeSet(stackName: string, changeSetName: string): Promise<void>;
  /**
   * The stack's events after `afterId` (none: those at or after `since`), oldest first, and the
   * id to pass next time. A stack that is gone has none.
   */
  eventsAfter(stackName: string, afterId: string | null, since: string): Promise<{ events: StackEvent[]; lastId: string | null }>;
  /** The deployed template, or null when the stack does not exist (the preview's "before"). */
  deployedTemplate(stackName: string): Promise<CloudFormationTemplate | null>;
  /** The physical ids of the stack's resources of these types (what a destroy keeps). */
  resourcesOfTypes(stackName: string, types: readonly string[]): Promise<RetainedResource[]>;
  /** Starts deleting the stack (with the service role `roleArn` when given); `absent` when there was none. */
  deleteStack(stackName: string, roleArn?: string): Promise<'deleting' | 'absent'>;
}

/** Where templates are put for CloudFormation to read (the control plane's artifact bucket). */
export interface TemplateStore {
  /** Stores the template and answers its HTTPS address. */
  put(key: string, template: CloudFormationTemplate): Promise<string>;
}
