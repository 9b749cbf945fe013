/**
 * A CloudFormation that answers like the real one, over aws-sdk-client-mock, for the tests of
 * the CloudFormation adapter and the deployment steps: stacks with statuses that move on as they
 * are polled, change sets (pending, then ready, empty or failed), events newest first in pages,
 * resources with physical ids, and the errors CloudFormation gives ("does not exist" is a
 * ValidationError). A test scripts what happens (`script`) and reads what was called (`calls`).
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
  type StackEvent,
} from '@aws-sdk/client-cloudformation';
import type {
  CreateChangeSetCommandInput,
  DeleteChangeSetCommandInput,
  DeleteStackCommandInput,
  DescribeChangeSetCommandInput,
  DescribeStackEventsCommandInput,
  DescribeStacksCommandInput,
  ExecuteChangeSetCommandInput,
  GetTemplateCommandInput,
  ListStackResourcesCommandInput,
  ResourceStatus,
} from '@aws-sdk/client-cloudformation';
import { mockClient } from 'aws-sdk-client-mock';

/** The one part of a client mock this simulation uses. */
interface FakeableMock {
  on(command: unknown): { callsFake(fake: (input: never) => unknown): unknown };
}

interface SimStack {
  status: string;
  reason?: string;
  outputs: Record<string, string>;
  /** Statuses still to come, one per DescribeStacks. */
  upcoming: string[];
  events: StackEvent[];
  resources: { logicalId: string; type: string; physicalId: string }[];
  template?: string;
}

interface SimChangeSet {
  stackName: string;
  kind: string;
  templateUrl: string;
  /** Statuses still to come, one per DescribeChangeSet. */
  upcoming: { status: string; reason?: string }[];
  status: string;
  reason?: string;
  resourcesToImport?: unknown;
}

/** What a test decides about the next operations. */
export interface Script {
  /** How many polls a change set stays pending. @default 1 */
  changeSetPolls: number;
  /** The next change set ends this way. @default 'ready' */
  changeSetOutcome: 'ready' | 'empty' | { failed: string };
  /** How many polls an operation stays in progress. @default 2 */
  operationPolls: number;
  /** The next executed operation fails with this resource reason (and is rolled back). */
  failWith?: { logicalId: string; reason: string };
  /** Outputs a created stack has. */
  outputs: Record<string, string>;
  /** Resources a created stack has (logical id, type, physical id). */
  resources: { logicalId: string; type: string; physicalId: string }[];
  /** The next N calls of each named command fail with a Throttling error first. */
  throttle: Record<string, number>;
}

export class SimulatedCloudFormation {
  readonly stacks = new Map<string, SimStack>();
  readonly changeSets = new Map<string, SimChangeSet>();
  readonly script: Script = { changeSetPolls: 1, changeSetOutcome: 'ready', operationPolls: 2, outputs: {}, resources: [], throttle: {} };
  /** Every call, in order: `<Command> <detail>`. */
  readonly calls: string[] = [];
  readonly mock: FakeableMock;
  private eventCounter = 0;
  private clock = Date.parse('2026-11-26T10:00:00.000Z');

  constructor(readonly client: CloudFormationClient = new CloudFormationClient({ region: 'eu-west-1' })) {
    this.mock = mockClient(client) as unknown as FakeableMock;
    const on = <I>(command: unknown, name: string, run: (input: I) => unknown) => {
      this.mock.on(command).callsFake(async (input: I) => {
        if ((this.script.throttle[name] ?? 0) > 0) {
          this.script.throttle[name]! -= 1;
          this.calls.push(`${name} throttled`);
          throw Object.assign(new Error('Rate exceeded'), { name: 'Throttling' });
        }
        return run(input);
      });
    };
    on<DescribeStacksCommandInput>(DescribeStacksCommand, 'DescribeStacks', (input) => {
      const stack = this.existing(input.StackName!);
      this.calls.push(`DescribeStacks ${input.StackName}`);
      const next = stack.upcoming.shift();
      if (next) this.setStatus(input.StackName!, stack, next);
      return { Stacks: [{ StackName: input.StackName, StackStatus: stack.status, StackStatusReason: stack.reason, Outputs: Object.entries(stack.outputs).map(([OutputKey, OutputValue]) => ({ OutputKey, OutputValue })), CreationTime: new Date(this.clock) }] };
    });
    on<CreateChangeSetCommandInput>(CreateChangeSetCommand, 'CreateChangeSet', (input) => {
      const name = input.StackName!;
      this.calls.push(`CreateChangeSet ${input.ChangeSetType} ${input.ChangeSetName} ${input.TemplateURL}${input.ResourcesToImport ? ` import=${input.ResourcesToImport.map((r) => r.LogicalResourceId).join(',')}` : ''}`);
      const stack = this.stacks.get(name);
      if (input.ChangeSetType === 'UPDATE' && !stack) throw this.missing(name);
      if ((input.ChangeSetType === 'CREATE' || input.ChangeSetType === 'IMPORT') && stack && stack.status !== 'REVIEW_IN_PROGRESS') {
        throw Object.assign(new Error(`Stack [${name}] already exists and cannot be created again with the changeSet [${input.ChangeSetName}].`), { name: 'ValidationError' });
      }
      if (!stack) this.stacks.set(name, { status: 'REVIEW_IN_PROGRESS', outputs: {}, upcoming: [], events: [], resources: [] });
      const outcome = this.script.changeSetOutcome;
      const final =
        outcome === 'ready' ? { status: 'CREATE_COMPLETE' } : outcome === 'empty' ? { status: 'FAILED', reason: "The submitted information didn't contain changes. Submit different information to create a change set." } : { status: 'FAILED', reason: outcome.failed };
      this.changeSets.set(input.ChangeSetName!, {
        stackName: name,
        kind: input.ChangeSetType!,
        templateUrl: input.TemplateURL!,
        status: 'CREATE_PENDING',
        upcoming: [...Array.from({ length: this.script.changeSetPolls }, () => ({ status: 'CREATE_IN_PROGRESS' })), final],
        resourcesToImport: input.ResourcesToImport,
      });
      this.script.changeSetOutcome = 'ready';
      return { Id: `arn:cs/${input.ChangeSetName}`, StackId: `arn:stack/${name}` };
    });
    on<DescribeChangeSetCommandInput>(DescribeChangeSetCommand, 'DescribeChangeSet', (input) => {
      const set = this.changeSets.get(input.ChangeSetName!);
      this.calls.push(`DescribeChangeSet ${input.ChangeSetName}`);
      if (!set) throw Object.assign(new Error(`ChangeSet [${input.ChangeSetName}] does not exist`), { name: 'ChangeSetNotFoundException' });
      const next = set.upcoming.shift();
      if (next) Object.assign(set, next);
      return { Status: set.status, StatusReason: set.reason, ChangeSetName: input.ChangeSetName };
    });
    on<DeleteChangeSetCommandInput>(DeleteChangeSetCommand, 'DeleteChangeSet', (input) => {
      this.calls.push(`DeleteChangeSet ${input.ChangeSetName}`);
      this.changeSets.delete(input.ChangeSetName!);
      return {};
    });
    on<ExecuteChangeSetCommandInput>(ExecuteChangeSetCommand, 'ExecuteChangeSet', (input) => {
      const set = this.changeSets.get(input.ChangeSetName!);
      this.calls.push(`ExecuteChangeSet ${input.ChangeSetName}`);
      if (!set || set.status !== 'CREATE_COMPLETE') throw Object.assign(new Error('ChangeSet is not executable'), { name: 'InvalidChangeSetStatusException' });
      const stack = this.stacks.get(set.stackName)!;
      const op = set.kind === 'CREATE' ? 'CREATE' : set.kind === 'IMPORT' ? 'IMPORT' : 'UPDATE';
      const polls = Array.from({ length: this.script.operationPolls }, () => `${op}_IN_PROGRESS`);
      const fail = this.script.failWith;
      this.script.failWith = undefined;
      this.setStatus(set.stackName, stack, `${op}_IN_PROGRESS`);
      if (fail) {
        stack.upcoming = [...polls, `FAIL:${fail.logicalId}:${fail.reason}`, op === 'CREATE' ? 'ROLLBACK_IN_PROGRESS' : `${op}_ROLLBACK_IN_PROGRESS`, op === 'CREATE' ? 'ROLLBACK_COMPLETE' : `${op}_ROLLBACK_COMPLETE`];
      } else {
        stack.upcoming = [...polls, `RESOURCES`, `${op}_COMPLETE`];
      }
      this.changeSets.delete(input.ChangeSetName!);
      return {};
    });
    on<DescribeStackEventsCommandInput>(DescribeStackEventsCommand, 'DescribeStackEvents', (input) => {
      const stack = this.existing(input.StackName!);
      // Newest first, two to a page, as CloudFormation pages them (but smaller).
      const newestFirst = [...stack.events].reverse();
      const start = input.NextToken ? Number(input.NextToken) : 0;
      const page = newestFirst.slice(start, start + 2);
      return { StackEvents: page, NextToken: start + 2 < newestFirst.length ? String(start + 2) : undefined };
    });
    on<GetTemplateCommandInput>(GetTemplateCommand, 'GetTemplate', (input) => {
      const stack = this.existing(input.StackName!);
      return { TemplateBody: stack.template ?? '{"Resources":{}}' };
    });
    on<ListStackResourcesCommandInput>(ListStackResourcesCommand, 'ListStackResources', (input) => {
      const stack = this.existing(input.StackName!);
      this.calls.push(`ListStackResources ${input.StackName}`);
      return { StackResourceSummaries: stack.resources.map((r) => ({ LogicalResourceId: r.logicalId, ResourceType: r.type, PhysicalResourceId: r.physicalId, ResourceStatus: 'CREATE_COMPLETE', LastUpdatedTimestamp: new Date(this.clock) })) };
    });
    on<DeleteStackCommandInput>(DeleteStackCommand, 'DeleteStack', (input) => {
      this.calls.push(`DeleteStack ${input.StackName}`);
      const stack = this.stacks.get(input.StackName!);
      if (!stack) return {};
      this.setStatus(input.StackName!, stack, 'DELETE_IN_PROGRESS');
      stack.upcoming = [...Array.from({ length: this.script.operationPolls }, () => 'DELETE_IN_PROGRESS'), 'DELETE_COMPLETE'];
      return {};
    });
  }

  /** A stack that exists already (a deploy before this test's). */
  seedStack(name: string, status = 'UPDATE_COMPLETE'): void {
    this.stacks.set(name, { status, outputs: { ...this.script.outputs }, upcoming: [], events: [], resources: [...this.script.resources] });
  }

  private existing(name: string): SimStack {
    const stack = this.stacks.get(name);
    if (!stack) throw this.missing(name);
    return stack;
  }

  private missing(name: string): Error {
    return Object.assign(new Error(`Stack with id ${name} does not exist`), { name: 'ValidationError' });
  }

  private event(stackName: string, logicalId: string, type: string, status: string, reason?: string): StackEvent {
    this.clock += 1000;
    this.eventCounter += 1;
    return { EventId: `e${this.eventCounter}`, StackId: `arn:stack/${stackName}`, StackName: stackName, LogicalResourceId: logicalId, ResourceType: type, ResourceStatus: status as ResourceStatus, ResourceStatusReason: reason, Timestamp: new Date(this.clock) };
  }

  /** Moves a stack to `status` (or does what a pseudo-status says) and records its events. */
  private setStatus(name: string, stack: SimStack, status: string): void {
    if (status === 'RESOURCES') {
      for (const r of this.script.resources) stack.events.push(this.event(name, r.logicalId, r.type, 'CREATE_COMPLETE'));
      stack.resources = [...this.script.resources];
      stack.outputs = { ...this.script.outputs };
      return;
    }
    if (status.startsWith('FAIL:')) {
      const [, logicalId, ...reason] = status.split(':');
      stack.events.push(this.event(name, logicalId!, 'AWS::Lambda::Function', 'UPDATE_FAILED', reason.join(':')));
      return;
    }
    if (status === 'DELETE_COMPLETE') {
      stack.events.push(this.event(name, name, 'AWS::CloudFormation::Stack', status));
      this.stacks.delete(name);
      return;
    }
    if (stack.status !== status) stack.events.push(this.event(name, name, 'AWS::CloudFormation::Stack', status));
    stack.status = status;
  }
}
