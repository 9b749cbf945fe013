/**
 * ProjectStacks over CloudFormation (lambdas/ports/project-stacks.ts): one client per region
 * (a project stack lives in its own region), every call wrapped in `withBackoff` so throttling
 * during minutes of polling is waited out. CloudFormation's statuses are folded into the few
 * states the deployment steps act on; "does not exist" (a ValidationError) reads as absent.
 */
import {
  CloudFormationClient,
  CreateChangeSetCommand,
  DeleteChangeSetCommand,
  DeleteStackCommand,
  DescribeChangeSetCommand,
  DescribeStackEventsCommand,
  DescribeStacksCommand,
  ExecuteChangeSetCommand,
  GetTemplateCommand,
  ListStackResourcesCommand,
  type StackEvent as CfnStackEvent,
} from '@aws-sdk/client-cloudformation';
import type { CloudFormationTemplate } from '../../core/deploy/template-diff';
import type { ChangeSetState, NewChangeSet, ProjectStacks, RetainedResource, StackEvent, StackState, StackSummary } from '../../ports/project-stacks';
import { withBackoff, type BackoffOptions } from '../throttling';

/** CloudFormation answers a missing stack or change set with a ValidationError (or a NotFound). */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; message?: string } | null;
  if (e?.name === 'ChangeSetNotFoundException' || e?.name === 'ChangeSetNotFound' || e?.name === 'StackNotFoundException') return true;
  return e?.name === 'ValidationError' && /does not exist/i.test(e.message ?? '');
}

/** "No changes": how CloudFormation fails a change set that would change nothing (both wordings seen). */
const NO_CHANGES = /didn't contain changes|No updates are to be performed/i;

/** CloudFormation's stack statuses, folded. */
export function stackStateOf(status: string): StackState {
  if (status === 'REVIEW_IN_PROGRESS') return 'review';
  if (status === 'DELETE_COMPLETE') return 'absent';
  if (status.endsWith('_IN_PROGRESS')) return 'busy';
  if (status === 'CREATE_COMPLETE' || status === 'UPDATE_COMPLETE' || status === 'IMPORT_COMPLETE') return 'ready';
  // ROLLBACK_COMPLETE (a failed create), UPDATE_ROLLBACK_COMPLETE, *_FAILED, IMPORT_ROLLBACK_COMPLETE.
  return 'failed';
}

/** A failed operation's events and their reasons read as errors; the rest as progress. */
function eventLine(event: CfnStackEvent): StackEvent {
  const status = event.ResourceStatus ?? 'UNKNOWN';
  const reason = event.ResourceStatusReason ? `: ${event.ResourceStatusReason}` : '';
  const level = /FAILED$/.test(status) ? 'error' : /ROLLBACK/.test(status) ? 'warn' : 'info';
  return {
    id: event.EventId ?? '',
    at: (event.Timestamp ?? new Date(0)).toISOString(),
    level,
    message: `${event.LogicalResourceId ?? '?'} (${event.ResourceType ?? '?'}) ${status}${reason}`,
  };
}

export interface CloudFormationStacksProps {
  readonly client: CloudFormationClient;
  /** @default withBackoff's defaults */
  readonly backoff?: BackoffOptions;
}

export class CloudFormationStacks implements ProjectStacks {
  private readonly client: CloudFormationClient;
  private readonly backoff: BackoffOptions;

  constructor(props: CloudFormationStacksProps) {
    this.client = props.client;
    this.backoff = props.backoff ?? {};
  }

  /** A client for `region`, as the deployment step builds one per project region. */
  static forRegion(region: string, backoff?: BackoffOptions): CloudFormationStacks {
    return new CloudFormationStacks({ client: new CloudFormationClient({ region, maxAttempts: 5 }), backoff });
  }

  private call<T>(run: () => Promise<T>): Promise<T> {
    return withBackoff(run, this.backoff);
  }

  async describe(stackName: string): Promise<StackSummary | null> {
    try {
      const { Stacks = [] } = await this.call(() => this.client.send(new DescribeStacksCommand({ StackName: stackName })));
      const stack = Stacks[0];
      if (!stack?.StackStatus) return null;
      const state = stackStateOf(stack.StackStatus);
      if (state === 'absent') return null;
      const outputs = Object.fromEntries((stack.Outputs ?? []).flatMap((o) => (o.OutputKey && o.OutputValue !== undefined ? [[o.OutputKey, o.OutputValue]] : [])));
      return { name: stackName, status: stack.StackStatus, state, outputs, ...(stack.StackStatusReason ? { reason: stack.StackStatusReason } : {}) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async createChangeSet(input: NewChangeSet): Promise<void> {
    await this.call(() =>
      this.client.send(
        new CreateChangeSetCommand({
          StackName: input.stackName,
          ChangeSetName: input.changeSetName,
          ChangeSetType: input.kind,
          TemplateURL: input.templateUrl,
          // The project stack makes IAM roles (named by CloudFormation) for its functions.
          Capabilities: ['CAPABILITY_IAM'],
          ...(input.resourcesToImport
            ? { ResourcesToImport: input.resourcesToImport.map((r) => ({ ResourceType: r.resourceType, LogicalResourceId: r.logicalId, ResourceIdentifier: { ...r.identifier } })) }
            : {}),
          ...(input.tags ? { Tags: Object.entries(input.tags).map(([Key, Value]) => ({ Key, Value })) } : {}),
          ...(input.roleArn ? { RoleARN: input.roleArn } : {}),
        }),
      ),
    );
  }

  async changeSetState(stackName: string, changeSetName: string): Promise<ChangeSetState> {
    const described = await this.call(() => this.client.send(new DescribeChangeSetCommand({ StackName: stackName, ChangeSetName: changeSetName })));
    const status = described.Status ?? 'CREATE_PENDING';
    if (status === 'CREATE_COMPLETE') return { state: 'ready' };
    if (status === 'FAILED') {
      const reason = described.StatusReason ?? 'the change set failed';
      return NO_CHANGES.test(reason) ? { state: 'empty' } : { state: 'failed', reason };
    }
    return { state: 'pending' };
  }

  async executeChangeSet(stackName: string, changeSetName: string): Promise<void> {
    await this.call(() => this.client.send(new ExecuteChangeSetCommand({ StackName: stackName, ChangeSetName: changeSetName })));
  }

  async deleteChangeSet(stackName: string, changeSetName: string): Promise<void> {
    try {
      await this.call(() => this.client.send(new DeleteChangeSetCommand({ StackName: stackName, ChangeSetName: changeSetName })));
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }

  async eventsAfter(stackName: string, afterId: string | null, since: string): Promise<{ events: StackEvent[]; lastId: string | null }> {
    // DescribeStackEvents pages newest first: read back until the last event seen (or the start).
    const newestFirst: CfnStackEvent[] = [];
    let token: string | undefined;
    try {
      outer: do {
        const page = await this.call(() => this.client.send(new DescribeStackEventsCommand({ StackName: stackName, NextToken: token })));
        for (const event of page.StackEvents ?? []) {
          if (afterId !== null && event.EventId === afterId) break outer;
          if (afterId === null && event.Timestamp && event.Timestamp.toISOString() < since) break outer;
          newestFirst.push(event);
        }
        token = page.NextToken;
      } while (token);
    } catch (err) {
      if (isMissing(err)) return { events: [], lastId: afterId };
      throw err;
    }
    const events = newestFirst.reverse().map(eventLine);
    return { events, lastId: events.length > 0 ? events[events.length - 1]!.id : afterId };
  }

  async deployedTemplate(stackName: string): Promise<CloudFormationTemplate | null> {
    try {
      const { TemplateBody } = await this.call(() => this.client.send(new GetTemplateCommand({ StackName: stackName, TemplateStage: 'Original' })));
      return TemplateBody ? (JSON.parse(TemplateBody) as CloudFormationTemplate) : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async resourcesOfTypes(stackName: string, types: readonly string[]): Promise<RetainedResource[]> {
    const out: RetainedResource[] = [];
    let token: string | undefined;
    do {
      const page = await this.call(() => this.client.send(new ListStackResourcesCommand({ StackName: stackName, NextToken: token })));
      for (const r of page.StackResourceSummaries ?? []) {
        if (r.ResourceType && types.includes(r.ResourceType) && r.LogicalResourceId && r.PhysicalResourceId) {
          out.push({ logicalId: r.LogicalResourceId, resourceType: r.ResourceType, physicalId: r.PhysicalResourceId });
        }
      }
      token = page.NextToken;
    } while (token);
    return out.sort((a, b) => a.logicalId.localeCompare(b.logicalId));
  }

  async deleteStack(stackName: string, roleArn?: string): Promise<'deleting' | 'absent'> {
    if (!(await this.describe(stackName))) return 'absent';
    await this.call(() => this.client.send(new DeleteStackCommand({ StackName: stackName, ...(roleArn ? { RoleARN: roleArn } : {}) })));
    return 'deleting';
  }
}
