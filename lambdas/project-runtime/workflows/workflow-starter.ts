/**
 * Starting a workflow instance, the one way every start goes (the start route, a record change
 * that triggers a workflow, a task's `start` action): the instance is recorded first (unless its
 * id exists: a redelivered change or a repeated start), counted against the project's running
 * limit, then its durable execution is started under the same id. Both halves are idempotent,
 * so a start that failed in between is completed by the next attempt with the same id.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../../core/clock';
import { WorkflowLimitError } from '../../core/errors';
import type { BlueprintIR } from '../../core/blueprint/ir';
import { newRecordId } from '../../core/project-api/record-id';
import type { DurableExecutions } from '../../ports/durable-executions';
import type { WorkflowInstanceStore, WorkflowRecordRef } from '../../ports/workflow-instances';
import type { WorkflowExecutionInput } from './workflow-handler';

export interface WorkflowStartRequest {
  readonly workflow: string;
  readonly orgId: string | null;
  readonly input: Record<string, unknown>;
  readonly record?: WorkflowRecordRef;
  readonly startedBy?: string;
  /** A deterministic id (instanceIdOf) makes the start idempotent; absent: a new time-sortable id. */
  readonly instanceId?: string;
}

export interface WorkflowStarterProps {
  readonly ir: Pick<BlueprintIR, 'limits'>;
  readonly instances: WorkflowInstanceStore;
  readonly executions: Pick<DurableExecutions, 'start'>;
  readonly clock: Clock;
}

/** The id of the instance a change starts: the same for every delivery of that change. */
export function instanceIdOf(workflow: string, changeId: string): string {
  return `c${createHash('sha256').update(`${workflow}\n${changeId}`).digest('hex').slice(0, 40)}`;
}

export class WorkflowStarter {
  constructor(private readonly props: WorkflowStarterProps) {}

  /** Starts the instance; `created: false` when it existed (nothing new started). WorkflowLimitError at the limit. */
  async start(request: WorkflowStartRequest): Promise<{ instanceId: string; created: boolean }> {
    const { instances, executions, clock, ir } = this.props;
    const now = clock.now();
    const instanceId = request.instanceId ?? newRecordId(now);
    const created = await instances.create(
      {
        id: instanceId,
        workflow: request.workflow,
        orgId: request.orgId,
        input: request.input,
        ...(request.record ? { record: request.record } : {}),
        ...(request.startedBy ? { startedBy: request.startedBy } : {}),
        at: now.toISOString(),
      },
      ir.limits.maxConcurrentWorkflows,
    );
    if (created === 'full') throw new WorkflowLimitError(ir.limits.maxConcurrentWorkflows);
    const execution: WorkflowExecutionInput = {
      instanceId,
      workflow: request.workflow,
      orgId: request.orgId,
      input: request.input,
      ...(request.record ? { record: request.record } : {}),
    };
    try {
      await executions.start(instanceId, execution);
    } catch (err) {
      // A new instance whose execution never started would count as running forever: end it, then
      // report. One with a deterministic id is left for the redelivery that completes its start.
      if (created === 'created' && request.instanceId === undefined) await instances.finish(request.orgId, instanceId, { status: 'failed', error: 'Its durable execution could not be started', at: clock.now().toISOString() });
      throw err;
    }
    return { instanceId, created: created === 'created' };
  }
}
