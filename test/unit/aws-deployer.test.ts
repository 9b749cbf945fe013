/**
 * Deploying to AWS, in process, against a simulated CloudFormation and a mocked S3 client
 * (issue 24): the CloudFormation adapter (first deploy, update, no changes, a failure with
 * CloudFormation's reason, throttling, delete, delete of a missing stack, import after a destroy
 * that kept data) and the deployment steps run in order by `runStackSteps`, as the deployment
 * state machine runs them one task at a time.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { stackStateOf } from '../../lambdas/adapters/cloudformation/cloudformation-stacks';
import { withBackoff } from '../../lambdas/adapters/throttling';
import type { CloudFormationTemplate } from '../../lambdas/core/deploy/template-diff';
import { DEPLOY_STACK_STEPS, DESTROY_STACK_STEPS, STACK_STEPS } from '../../lambdas/control-plane/deployment/stack-steps';
import { blueprints, deploy, deployer, log, OUTPUTS, RESOURCES, STACK, world } from '../support/aws-deploy-world';

afterEach(() => jest.restoreAllMocks());

describe('the CloudFormation adapter', () => {
  it('folds CloudFormation statuses into the states the steps act on', () => {
    expect(['CREATE_IN_PROGRESS', 'UPDATE_COMPLETE_CLEANUP_IN_PROGRESS', 'DELETE_IN_PROGRESS'].map(stackStateOf)).toEqual(['busy', 'busy', 'busy']);
    expect(['CREATE_COMPLETE', 'UPDATE_COMPLETE', 'IMPORT_COMPLETE'].map(stackStateOf)).toEqual(['ready', 'ready', 'ready']);
    expect(['ROLLBACK_COMPLETE', 'UPDATE_ROLLBACK_COMPLETE', 'UPDATE_ROLLBACK_FAILED', 'DELETE_FAILED'].map(stackStateOf)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(stackStateOf('REVIEW_IN_PROGRESS')).toBe('review');
    expect(stackStateOf('DELETE_COMPLETE')).toBe('absent');
  });

  it('reads a missing stack as absent, and deleting it as nothing to do', async () => {
    const w = world();
    const stacks = w.services.stacks('eu-west-1');
    await expect(stacks.describe(STACK)).resolves.toBeNull();
    await expect(stacks.deployedTemplate(STACK)).resolves.toBeNull();
    await expect(stacks.deleteStack(STACK)).resolves.toBe('absent');
    expect(w.regions.get('eu-west-1')!.calls.filter((c) => c.startsWith('DeleteStack'))).toEqual([]);
  });

  it('waits out throttling with backoff, and gives up on other errors at once', async () => {
    const w = world();
    const sim = w.regions.get('eu-west-1')!;
    sim.seedStack(STACK);
    sim.script.throttle.DescribeStacks = 3;
    await expect(w.services.stacks('eu-west-1').describe(STACK)).resolves.toMatchObject({ state: 'ready', outputs: OUTPUTS });
    expect(sim.calls.filter((c) => c === 'DescribeStacks throttled')).toHaveLength(3);

    const pauses: number[] = [];
    let calls = 0;
    const refused = withBackoff(
      async () => {
        calls += 1;
        throw Object.assign(new Error('bad'), { name: 'ValidationError' });
      },
      { sleep: async (ms) => void pauses.push(ms) },
    );
    await expect(refused).rejects.toThrow('bad');
    expect([calls, pauses]).toEqual([1, []]);
    // Doubling ceilings with full jitter (random fixed at 1: the ceiling itself), capped.
    const ceilings: number[] = [];
    await expect(withBackoff(async () => Promise.reject(Object.assign(new Error('slow'), { name: 'Throttling' })), { attempts: 5, baseMs: 100, maxMs: 500, random: () => 0.999, sleep: async (ms) => void ceilings.push(ms) })).rejects.toThrow('slow');
    expect(ceilings).toEqual([99, 199, 399, 499]);
  });

  it('pages stack events newest first and hands them back oldest first, after the last one seen', async () => {
    const w = world();
    await deploy(w);
    const stacks = w.services.stacks('eu-west-1');
    const all = await stacks.eventsAfter(STACK, null, '2000-01-01T00:00:00.000Z');
    expect(all.events.length).toBeGreaterThan(4);
    const times = all.events.map((e) => e.at);
    expect([...times].sort()).toEqual(times);
    const middle = all.events[2]!.id;
    const after = await stacks.eventsAfter(STACK, middle, '2000-01-01T00:00:00.000Z');
    expect(after.events.map((e) => e.id)).toEqual(all.events.slice(3).map((e) => e.id));
    expect(after.lastId).toBe(all.lastId);
  });
});

describe('the deployment steps, in order, in process', () => {
  it('a first deploy: template to S3, a CREATE change set, execute, poll until complete, events in the logs, the API address', async () => {
    const w = world();
    const result = await deploy(w);
    expect(result).toEqual({ apiBaseUrl: 'https://abc123.execute-api.eu-west-1.amazonaws.com' });
    const sim = w.regions.get('eu-west-1')!;
    const put = w.s3.commandCalls(PutObjectCommand)[0]!.args[0].input;
    expect(put).toMatchObject({ Bucket: 'bgs-artifacts', Key: 'project-templates/p1/d1/template.json', ContentType: 'application/json' });
    const order = sim.calls.filter((c) => !c.startsWith('DescribeStacks') && !c.startsWith('DescribeChangeSet'));
    expect(order).toEqual(['CreateChangeSet CREATE bgs-main-d1 https://bgs-artifacts.s3.eu-west-1.amazonaws.com/project-templates/p1/d1/template.json', 'ExecuteChangeSet bgs-main-d1']);
    const messages = w.logs.map((l) => l.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Synthesized the project stack (4 resources) for eu-west-1',
        'Created the change set bgs-main-d1 (CREATE)',
        'Executing the change set bgs-main-d1',
        `${STACK} (AWS::CloudFormation::Stack) CREATE_IN_PROGRESS`,
        'ProjectDataTable (AWS::DynamoDB::Table) CREATE_COMPLETE',
        'The stack is CREATE_COMPLETE',
        'Serving at https://abc123.execute-api.eu-west-1.amazonaws.com/',
      ]),
    );
    // Waits between polls are Step Functions Wait states on AWS; here the pauses were asked for.
    expect(w.pauses.length).toBeGreaterThan(0);
  });

  it('an update: an UPDATE change set; the data plan runs its safe steps once the stack is updated', async () => {
    const w = world();
    w.regions.get('eu-west-1')!.seedStack(STACK);
    w.deployedBlueprintId = 'b1';
    w.facts = { Task: { records: 3, filled: {}, duplicates: {} } };
    blueprints.b2 = { ...blueprints.b1!, entities: blueprints.b1!.entities.map((e) => (e.name === 'Task' ? { ...e, indexes: e.indexes.slice(0, -1) } : e)) };
    await deploy(w, 'b2');
    expect(w.regions.get('eu-west-1')!.calls).toEqual(expect.arrayContaining(['CreateChangeSet UPDATE bgs-main-d1 https://bgs-artifacts.s3.eu-west-1.amazonaws.com/project-templates/p1/d1/template.json']));
    expect(w.steps).toEqual([{ kind: 'reindex', entity: 'Task' }]);
    expect(w.logs.map((l) => l.message)).toEqual(expect.arrayContaining([expect.stringMatching(/^Task's indexes change: .*reindex done, 3 written$/)]));
  });

  it('no changes: the empty change set is deleted, nothing executed, the address read from the stack', async () => {
    const w = world();
    const sim = w.regions.get('eu-west-1')!;
    sim.script.outputs = OUTPUTS;
    sim.seedStack(STACK);
    sim.script.changeSetOutcome = 'empty';
    await expect(deploy(w)).resolves.toEqual({ apiBaseUrl: 'https://abc123.execute-api.eu-west-1.amazonaws.com' });
    expect(sim.calls.filter((c) => /Execute|DeleteChangeSet/.test(c))).toEqual(['DeleteChangeSet bgs-main-d1']);
    expect(w.logs.map((l) => l.message)).toContain('No changes: the stack already matches this blueprint');
  });

  it("a failure ends with CloudFormation's reason (the stack rolled back)", async () => {
    const w = world();
    const sim = w.regions.get('eu-west-1')!;
    sim.seedStack(STACK);
    sim.script.failWith = { logicalId: 'ProjectRuntimeHandler', reason: 'Resource handler returned message: "Memory size 1024 exceeds the account limit"' };
    await expect(deploy(w)).rejects.toThrow(
      'CloudFormation rolled the stack back (UPDATE_ROLLBACK_COMPLETE): ProjectRuntimeHandler (AWS::Lambda::Function) UPDATE_FAILED: Resource handler returned message: "Memory size 1024 exceeds the account limit"',
    );
    expect(w.logs.filter((l) => l.level === 'error').map((l) => l.message)).toEqual([expect.stringContaining('UPDATE_FAILED: Resource handler returned message')]);
  });

  it('a change set CloudFormation cannot make fails with its reason; a stack that never deployed must be destroyed first', async () => {
    const w = world();
    w.regions.get('eu-west-1')!.script.changeSetOutcome = { failed: 'Template format error: Unresolved resource dependencies [X]' };
    await expect(deploy(w)).rejects.toThrow('CloudFormation could not make the change set: Template format error: Unresolved resource dependencies [X]');
    const broken = world();
    broken.regions.get('eu-west-1')!.seedStack(STACK, 'ROLLBACK_COMPLETE');
    await expect(deploy(broken)).rejects.toThrow(/never deployed \(ROLLBACK_COMPLETE.*destroy it/);
  });

  it('refuses a change that loses data unless allowed, before touching the stack', async () => {
    const w = world();
    w.regions.get('eu-west-1')!.seedStack(STACK);
    w.deployedBlueprintId = 'b1';
    w.facts = { Project: { records: 2, filled: {}, duplicates: {} } };
    blueprints.b2 = { ...blueprints.b1!, entities: blueprints.b1!.entities.filter((e) => e.name !== 'Project') };
    await expect(deploy(w, 'b2')).rejects.toThrow(/would lose data \(Project is removed while it holds 2 records/);
    expect(w.regions.get('eu-west-1')!.calls.some((c) => c.startsWith('CreateChangeSet'))).toBe(false);
    await expect(deploy(w, 'b2', true)).resolves.toMatchObject({ apiBaseUrl: expect.any(String) });
    expect(w.logs.filter((l) => l.level === 'warn').map((l) => l.message)).toContain('Data loss allowed: Project is removed while it holds 2 records: they stay in the table but no API serves them');
  });

  it('a blueprint with workflows deploys to us-east-2 and says so', async () => {
    const w = world();
    await deployer(w).deploy({ projectId: 'p1', deploymentId: 'd1', blueprintId: 'wf', ir: blueprints.wf!, allowDataLoss: false, log: log(w) });
    expect(w.regions.get('us-east-2')!.calls.some((c) => c.startsWith('CreateChangeSet CREATE'))).toBe(true);
    expect(w.logs[0]!.message).toMatch(/workflows?: they run on Lambda durable functions, available in us-east-2 only, so the project deploys there \(not eu-west-1\)/);
    // The code is copied to that region the first time (Lambda takes code from its own region).
    expect(w.published).toEqual(['us-east-2']);
    expect(w.logs.map((l) => l.message)).toContain('Copied the project code (3 objects) to us-east-2: the first deploy there');
  });

  it('destroy keeps the table, bucket and pool and says how to remove them; deleteData removes them; a missing stack is nothing to delete', async () => {
    const w = world();
    await deploy(w);
    const kept = await deployer(w).destroy({ projectId: 'p1', deploymentId: 'd2', deleteData: false, log: log(w) });
    expect(kept.kept.map((r) => r.logicalId)).toEqual(['ProjectDataTable', 'ProjectFilesBucket', 'ProjectIdentityUserPool']);
    expect(w.regions.get('eu-west-1')!.stacks.has(STACK)).toBe(false);
    expect(w.logs.map((l) => l.message)).toEqual(expect.arrayContaining([`Deleting the stack ${STACK}`, expect.stringMatching(/^Kept AWS::DynamoDB::Table BgsProject-p1-ProjectDataTable-ABC, .*deleteData: true$/)]));
    expect(w.removed).toEqual([]);

    const again = await deployer(w).destroy({ projectId: 'p1', deploymentId: 'd3', deleteData: true, log: log(w) });
    expect(again.kept).toEqual([]);
    expect(w.logs.map((l) => l.message)).toContain(`The stack ${STACK} does not exist in eu-west-1: nothing to delete`);

    const wipe = world();
    await deploy(wipe);
    await deployer(wipe).destroy({ projectId: 'p1', deploymentId: 'd2', deleteData: true, log: log(wipe) });
    expect(wipe.removed.map((r) => r.physicalId)).toEqual(['BgsProject-p1-ProjectDataTable-ABC', 'bgsproject-p1-projectfilesbucket-xyz', 'eu-west-1_Pool1']);
  });

  it('a deploy after a destroy that kept data imports the kept resources first, then updates to the full template', async () => {
    const w = world();
    w.kept = RESOURCES.filter((r) => r.type !== 'AWS::Lambda::Function').map((r) => ({ logicalId: r.logicalId, resourceType: r.type, physicalId: r.physicalId }));
    w.deployedBlueprintId = 'b1';
    await deploy(w);
    const sim = w.regions.get('eu-west-1')!;
    const changeSets = sim.calls.filter((c) => c.startsWith('CreateChangeSet') || c.startsWith('ExecuteChangeSet'));
    expect(changeSets).toEqual([
      'CreateChangeSet IMPORT bgs-import-d1 https://bgs-artifacts.s3.eu-west-1.amazonaws.com/project-templates/p1/d1/import.json import=ProjectDataTable,ProjectFilesBucket,ProjectIdentityUserPool',
      'ExecuteChangeSet bgs-import-d1',
      'CreateChangeSet UPDATE bgs-main-d1 https://bgs-artifacts.s3.eu-west-1.amazonaws.com/project-templates/p1/d1/template.json',
      'ExecuteChangeSet bgs-main-d1',
    ]);
    // The import template holds only the imported resources, each with its DeletionPolicy, and no outputs.
    const importBody = JSON.parse(String(w.s3.commandCalls(PutObjectCommand).find((c) => c.args[0].input.Key?.endsWith('import.json'))!.args[0].input.Body)) as CloudFormationTemplate;
    expect(Object.keys(importBody.Resources!)).toEqual(['ProjectDataTable', 'ProjectFilesBucket', 'ProjectIdentityUserPool']);
    expect(Object.values(importBody.Resources!).every((r) => r.DeletionPolicy === 'Retain')).toBe(true);
    expect(importBody.Outputs).toBeUndefined();
    expect(w.logs.map((l) => l.message)).toEqual(expect.arrayContaining([expect.stringMatching(/^Found the data a destroy kept: importing AWS::DynamoDB::Table BgsProject-p1-ProjectDataTable-ABC/)]));
  });

  it('a project moving to another region is a destructive change: refused, or allowed and the old stack deleted with its data kept', async () => {
    const w = world();
    w.regions.get('eu-west-1')!.seedStack(STACK);
    w.services = { ...w.services, projectRegion: 'eu-west-1' };
    // The blueprint now has workflows: it must move to us-east-2.
    await expect(deployer(w).deploy({ projectId: 'p1', deploymentId: 'd1', blueprintId: 'wf', ir: blueprints.wf!, allowDataLoss: false, log: log(w) })).rejects.toThrow(
      'the deploy would lose data (the project moves from eu-west-1 to us-east-2: its table, bucket and user pool stay behind in eu-west-1 (kept, not copied)); deploy with allowDataLoss: true to go on',
    );
    const preview = await deployer(w).preview({ projectId: 'p1', ir: blueprints.wf! });
    expect(preview.changes.find((c) => c.destructive)).toMatchObject({ logicalId: STACK, reason: expect.stringContaining('moves from eu-west-1 to us-east-2') });
    await deployer(w).deploy({ projectId: 'p1', deploymentId: 'd1', blueprintId: 'wf', ir: blueprints.wf!, allowDataLoss: true, log: log(w) });
    expect(w.regions.get('eu-west-1')!.calls).toContain(`DeleteStack ${STACK}`);
  });

  it('every step has a unique name the state machine can hand to the step function', () => {
    const names = [...DEPLOY_STACK_STEPS, ...DESTROY_STACK_STEPS].map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...STACK_STEPS.keys()]).toEqual(names);
    for (const step of [...DEPLOY_STACK_STEPS, ...DESTROY_STACK_STEPS]) if (step.kind === 'poll') expect(step.pollSeconds).toBeGreaterThan(0);
  });
});
