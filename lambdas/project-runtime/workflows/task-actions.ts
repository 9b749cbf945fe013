/**
 * What a workflow's task does (ir-workflows.ts taskAction): update the triggering record, create
 * a record, email members, call a named outgoing endpoint, start another workflow. Every action
 * is safe to repeat, because a task's attempt may run again after a crash or a failure:
 *   - update    sets the fields, conditioned on the record as read (a concurrent change fails
 *               the attempt, and the retry reads it again); a repeat writes the same values;
 *   - create    names the record from the instance and the step (recordIdFor), so a repeat is
 *               refused as existing and counts as done;
 *   - call      carries the same delivery id on every attempt (receivers dedupe on it);
 *   - start     names the instance from this one and the step (instanceIdOf);
 *   - notify    may mail twice if an attempt fails after sending (mail has no idempotency key).
 * Records written here carry the workflow's mark (workflow-mark.ts) so their change does not
 * start the same workflow again.
 */
import type { BlueprintIR, IrEntity } from '../../core/blueprint/ir';
import { taskAction, type IrRecipient, type IrStep, type IrTaskAction } from '../../core/blueprint/ir-workflows';
import type { Clock } from '../../core/clock';
import { ConflictError } from '../../core/errors';
import { recordIdFor } from '../../core/project-api/record-id';
import type { MembershipStore } from '../../ports/membership';
import type { OutgoingSender } from '../../ports/outgoing-sender';
import type { RecordScope, RecordStore, StoredRecord } from '../../ports/record-store';
import { inFieldOrder } from '../actions/record-actions';
import type { TaskActionRunner, WorkflowRun } from './workflow-handler';
import { writeWorkflowMark } from './workflow-mark';
import { instanceIdOf, type WorkflowStarter } from './workflow-starter';

/** Sends a workflow's mail (the local outbox, SES on AWS). */
export interface WorkflowMailer {
  send(mail: { to: string; subject: string; body: string }): Promise<void>;
}

/** Where a named outgoing endpoint is, and its signing secret (set by the project's owner on the control plane). */
export interface OutgoingEndpoints {
  resolve(name: string): Promise<{ url: string; secret?: string } | null>;
}

/** A task's attempt failed in a way its retries may cure (an endpoint not set yet, a record changed meanwhile). */
export class TaskAttemptError extends Error {}

export interface TaskActionServices {
  readonly ir: BlueprintIR;
  readonly projectId: string;
  readonly records: RecordStore;
  readonly members: Pick<MembershipStore, 'list' | 'getMember'>;
  readonly mailer: WorkflowMailer;
  readonly endpoints: OutgoingEndpoints;
  readonly sender: OutgoingSender;
  /** Set after construction: the starter's durable transport needs the handler these actions belong to. */
  starter?: WorkflowStarter;
  readonly clock: Clock;
}

/** Members listed per page while collecting a role's recipients. */
const MEMBER_PAGE = 100;

export class TaskActions implements TaskActionRunner {
  constructor(private readonly services: TaskActionServices) {}

  run(step: Extract<IrStep, { kind: 'task' }>, run: WorkflowRun): Promise<unknown> {
    const action = taskAction(step);
    switch (action.type) {
      case 'update':
        return this.update(action, run);
      case 'create':
        return this.create(action, run);
      case 'notify':
        return this.notify(action, run);
      case 'call':
        return this.call(action, run);
      case 'start':
        return this.start(action, run);
    }
  }

  private async update(action: Extract<IrTaskAction, { type: 'update' }>, run: WorkflowRun): Promise<unknown> {
    const { entity, before, scope } = await this.triggering(run);
    const at = this.services.clock.now().toISOString();
    const after = inFieldOrder(entity, { ...before, ...Object.fromEntries(action.set.map((s) => [s.field, s.value ?? undefined])), updated_at: at }) as StoredRecord;
    try {
      await this.services.records.update(entity, scope, before, after, { writtenBy: this.mark(run) });
    } catch (err) {
      if (err instanceof ConflictError) throw new TaskAttemptError(`${entity.name} ${before.id} changed while the step updated it`);
      throw err;
    }
    return { updated: { entity: entity.name, id: before.id, fields: action.set.map((s) => s.field) } };
  }

  private async create(action: Extract<IrTaskAction, { type: 'create' }>, run: WorkflowRun): Promise<unknown> {
    const entity = this.entity(action.entity);
    const source = run.record ? await this.triggering(run).then((t) => t.before, () => undefined) : undefined;
    const from = source ?? (run.input.record as Record<string, unknown> | undefined) ?? {};
    const scope: RecordScope = { orgId: entity.tenantScoped ? run.orgId : null };
    const at = this.services.clock.now();
    const id = recordIdFor(at, `${run.instanceId}/${run.operation}`);
    const values = Object.fromEntries(action.values.map((v) => [v.field, v.from !== undefined ? from[v.from] : v.value]));
    const record = inFieldOrder(entity, {
      id,
      ...(scope.orgId !== null ? { org_id: scope.orgId } : {}),
      // The triggering record's owner owns what its workflow makes for it.
      owner_id: typeof from.owner_id === 'string' ? from.owner_id : '',
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
      ...values,
    });
    try {
      await this.services.records.create(entity, scope, record, { writtenBy: this.mark(run) });
    } catch (err) {
      // The same id exists: an earlier attempt of this step made it.
      if (!(err instanceof ConflictError && (await this.services.records.get(entity, scope, id)))) throw err;
    }
    return { created: { entity: entity.name, id } };
  }

  private async notify(action: Extract<IrTaskAction, { type: 'notify' }>, run: WorkflowRun): Promise<unknown> {
    const record = run.record ? (await this.triggering(run)).before : undefined;
    const to = await this.recipients(action.to, run, record);
    const body = `${action.message}\n\n${run.record ? `${run.record.entity} ${run.record.id}` : `Workflow ${run.workflow}`} (instance ${run.instanceId}, project ${this.services.projectId})`;
    for (const address of to) await this.services.mailer.send({ to: address, subject: action.subject, body });
    return { notified: to.length };
  }

  private async call(action: Extract<IrTaskAction, { type: 'call' }>, run: WorkflowRun): Promise<unknown> {
    const endpoint = await this.services.endpoints.resolve(action.endpoint);
    if (!endpoint) throw new TaskAttemptError(`The outgoing endpoint ${action.endpoint} is not set: the project's owner sets it with PUT /projects/{id}/endpoints/${action.endpoint}`);
    const record = run.record ? await this.triggering(run).then((t) => t.before, () => undefined) : undefined;
    const answer = await this.services.sender.send({
      url: endpoint.url,
      ...(endpoint.secret ? { secret: endpoint.secret } : {}),
      deliveryId: `${run.instanceId}.${run.operation}`,
      body: { workflow: run.workflow, instance_id: run.instanceId, step: run.operation, input: run.input, ...(record ? { record } : {}) },
    });
    return { status: answer.status, delivery_id: answer.deliveryId };
  }

  private async start(action: Extract<IrTaskAction, { type: 'start' }>, run: WorkflowRun): Promise<unknown> {
    const starter = this.services.starter;
    if (!starter) throw new Error('The task actions were built without a workflow starter');
    const started = await starter.start({
      workflow: action.workflow,
      orgId: run.orgId,
      input: run.input,
      ...(run.record ? { record: run.record } : {}),
      instanceId: instanceIdOf(action.workflow, `${run.instanceId}/${run.operation}`),
    });
    return { started: started.instanceId };
  }

  /** The email addresses of the recipients, within the instance's organization. */
  private async recipients(to: IrRecipient, run: WorkflowRun, record: StoredRecord | undefined): Promise<string[]> {
    const { members } = this.services;
    if ('role' in to) {
      const found: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await members.list(run.orgId, MEMBER_PAGE, cursor);
        for (const member of page.items) if (member.role === to.role && member.confirmed) found.push(member.email);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return found;
    }
    const entity = run.record ? this.entity(run.record.entity) : undefined;
    const field = 'owner' in to ? entity?.ownerField : to.field;
    const userId = field && record ? record[field] : undefined;
    if (typeof userId !== 'string' || userId === '') return [];
    const member = await members.getMember(run.orgId, userId);
    return member?.confirmed ? [member.email] : [];
  }

  private async triggering(run: WorkflowRun): Promise<{ entity: IrEntity; before: StoredRecord; scope: RecordScope }> {
    if (!run.record) throw new TaskAttemptError(`The instance was started without a record, and the step needs one`);
    const entity = this.entity(run.record.entity);
    const scope: RecordScope = { orgId: entity.tenantScoped ? run.orgId : null };
    const before = await this.services.records.get(entity, scope, run.record.id);
    if (!before) throw new TaskAttemptError(`${entity.name} ${run.record.id} no longer exists`);
    return { entity, before, scope };
  }

  private entity(name: string): IrEntity {
    const entity = this.services.ir.entities.find((e) => e.name === name);
    if (!entity) throw new Error(`The blueprint has no entity ${name}`);
    return entity;
  }

  private mark(run: WorkflowRun): string {
    const depth = typeof run.input.chainDepth === 'number' ? run.input.chainDepth : 1;
    return writeWorkflowMark({ workflow: run.workflow, depth });
  }
}
