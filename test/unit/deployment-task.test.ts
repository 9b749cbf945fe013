/**
 * The deployment state machine's tasks (deployment-task.ts), run in the order the state machine
 * runs them (Begin, the step list with its polls, the end task; "Mark failed" on an error) over a
 * stored deployment and the simulated AWS of aws-deploy-world.ts: the deployment moves pending ->
 * in_progress -> succeeded (or destroyed, or failed with the reason), with the project's pointers.
 */
import type { DeploymentKind, DeploymentLogLine, DeploymentRecord, DeploymentRepository } from '../../lambdas/ports/deployment-repository';
import type { RetainedResource } from '../../lambdas/ports/project-stacks';
import { caughtMessage, runDeploymentTask, runPreviewTask, type DeploymentTaskEvent } from '../../lambdas/control-plane/deployment/deployment-task';
import { DEPLOY_STACK_STEPS, DESTROY_STACK_STEPS } from '../../lambdas/control-plane/deployment/stack-steps';
import { blueprints, STACK, world, type World } from '../support/aws-deploy-world';

/** The deployments of one test, as the repository keeps them (the transitions the state machine drives). */
class Deployments implements Partial<DeploymentRepository> {
  readonly records = new Map<string, DeploymentRecord>();
  project = { activeDeploymentId: null as string | null, apiBaseUrl: null as string | null };

  add(kind: DeploymentKind, extra: Partial<DeploymentRecord> = {}): DeploymentRecord {
    const record: DeploymentRecord = { id: `d${this.records.size + 1}`, projectId: 'p1', ownerId: 'u1', blueprintId: 'b1', status: 'pending', kind, apiBaseUrl: null, logs: [], createdAt: 'x', updatedAt: 'x', ...extra };
    this.records.set(record.id, record);
    return record;
  }
  private set(id: string, change: Partial<DeploymentRecord>) {
    this.records.set(id, { ...this.records.get(id)!, ...change });
  }
  async get(id: string) {
    return this.records.get(id) ?? null;
  }
  async markInProgress(id: string, message: string) {
    const r = this.records.get(id)!;
    if (r.status !== 'pending' && r.status !== 'in_progress') return false;
    this.set(id, { status: 'in_progress', logs: [...r.logs, { at: 'x', level: 'info', message }] });
    return true;
  }
  async appendLog(id: string, level: DeploymentLogLine['level'], message: string) {
    this.set(id, { logs: [...this.records.get(id)!.logs, { at: 'x', level, message }] });
    return true;
  }
  async succeed(record: Pick<DeploymentRecord, 'id'>, apiBaseUrl: string) {
    this.set(record.id, { status: 'succeeded', apiBaseUrl });
    this.project = { activeDeploymentId: record.id, apiBaseUrl };
    return true;
  }
  async destroyed(record: Pick<DeploymentRecord, 'id'>, _now: Date, kept: readonly RetainedResource[] = []) {
    this.set(record.id, { status: 'destroyed', kept });
    this.project = { activeDeploymentId: null, apiBaseUrl: null };
    return true;
  }
  async fail(record: Pick<DeploymentRecord, 'id'>, message: string) {
    const r = this.records.get(record.id)!;
    this.set(record.id, { status: 'failed', logs: [...r.logs, { at: 'x', level: 'error', message }] });
    return true;
  }
}

/** What the state machine does: Begin, the list of its path (polls again while not done), the end task; Mark failed on an error. */
async function runExecution(w: World, deployments: Deployments, deploymentId: string): Promise<string[]> {
  const services = { deployments: deployments as unknown as DeploymentRepository, clock: w.services.clock, stack: w.services };
  const tasks: string[] = [];
  const task = async (event: DeploymentTaskEvent) => {
    tasks.push(event.step);
    return runDeploymentTask(services, event);
  };
  try {
    const begun = await task({ deploymentId, step: 'begin' });
    if (begun.path === 'finished') return tasks;
    let run = begun.run;
    for (const step of begun.path === 'destroy' ? DESTROY_STACK_STEPS : DEPLOY_STACK_STEPS) {
      for (;;) {
        const result = await task({ deploymentId, step: step.name, run });
        run = result.run;
        if (result.done) break;
      }
    }
    await task({ deploymentId, step: begun.path === 'destroy' ? 'destroyed' : 'succeed', run });
  } catch (err) {
    // Step Functions' catch: the Lambda error as `Cause`.
    await task({ deploymentId, step: 'fail', error: { Error: 'Error', Cause: JSON.stringify({ errorMessage: (err as Error).message }) } });
  }
  return tasks;
}

it('a deploy: begin, every step (polls repeated), succeed; the project points at it', async () => {
  const w = world();
  const deployments = new Deployments();
  const record = deployments.add('deploy');
  const tasks = await runExecution(w, deployments, record.id);
  expect(tasks[0]).toBe('begin');
  expect(tasks.at(-1)).toBe('succeed');
  expect(tasks.filter((t) => t === 'wait').length).toBeGreaterThan(1);
  expect(deployments.records.get(record.id)).toMatchObject({ status: 'succeeded', apiBaseUrl: 'https://abc123.execute-api.eu-west-1.amazonaws.com' });
  expect(deployments.project.activeDeploymentId).toBe(record.id);
  const messages = deployments.records.get(record.id)!.logs.map((l) => l.message);
  expect(messages[0]).toBe('Deploying blueprint b1');
  expect(messages).toContain('The stack is CREATE_COMPLETE');
});

it('a failed deploy ends failed with CloudFormation reason, and the project keeps what it had', async () => {
  const w = world();
  w.regions.get('eu-west-1')!.seedStack(STACK);
  w.regions.get('eu-west-1')!.script.failWith = { logicalId: 'ProjectRuntimeHandler', reason: 'Function code combined with layers exceeds the maximum allowed size' };
  const deployments = new Deployments();
  const record = deployments.add('rollback', { allowDataLoss: true });
  const tasks = await runExecution(w, deployments, record.id);
  expect(tasks.at(-1)).toBe('fail');
  const ended = deployments.records.get(record.id)!;
  expect(ended.status).toBe('failed');
  expect(ended.logs[0]!.message).toBe('Rolling back: deploying blueprint b1 again');
  expect(ended.logs.at(-1)!.message).toBe(
    'Deployment failed: CloudFormation rolled the stack back (UPDATE_ROLLBACK_COMPLETE): ProjectRuntimeHandler (AWS::Lambda::Function) UPDATE_FAILED: Function code combined with layers exceeds the maximum allowed size',
  );
  expect(deployments.project.activeDeploymentId).toBeNull();
});

it('a destroy: begin, the destroy steps, destroyed with what was kept; the pointers cleared', async () => {
  const w = world();
  const deployments = new Deployments();
  const first = deployments.add('deploy');
  await runExecution(w, deployments, first.id);
  const destroy = deployments.add('destroy');
  const tasks = await runExecution(w, deployments, destroy.id);
  expect(tasks.filter((t) => t !== 'wait-deleted')).toEqual(['begin', ...DESTROY_STACK_STEPS.map((s) => s.name).filter((n) => n !== 'wait-deleted'), 'destroyed']);
  expect(deployments.records.get(destroy.id)).toMatchObject({ status: 'destroyed', kept: [expect.objectContaining({ resourceType: 'AWS::DynamoDB::Table' }), expect.anything(), expect.anything()] });
  expect(deployments.project).toEqual({ activeDeploymentId: null, apiBaseUrl: null });
});

it('an execution of a deployment that already ended does nothing (a retried start)', async () => {
  const w = world();
  const deployments = new Deployments();
  const record = deployments.add('deploy', { status: 'succeeded' });
  expect(await runExecution(w, deployments, record.id)).toEqual(['begin']);
  expect(w.regions.get('eu-west-1')!.calls).toEqual([]);
});

it('reads the error Step Functions caught, and previews for the routes', async () => {
  expect(caughtMessage({ Error: 'Error', Cause: JSON.stringify({ errorMessage: 'the stack is busy' }) })).toBe('the stack is busy');
  expect(caughtMessage({ Error: 'States.Timeout', Cause: 'Task timed out after 900.00 seconds' })).toBe('Task timed out after 900.00 seconds');
  expect(caughtMessage(undefined)).toBe('unexpected error');
  const w = world();
  const services = { deployments: new Deployments() as unknown as DeploymentRepository, clock: w.services.clock, stack: w.services };
  const preview = await runPreviewTask(services, { step: 'preview', projectId: 'p1', ir: blueprints.b1! });
  expect(preview.summary).toMatch(/^First deployment: 4 to add/);
});
