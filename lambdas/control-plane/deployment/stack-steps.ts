/**
 * THE steps of deploying and destroying a project's stack on AWS (issue 24). Step Functions runs
 * them one Lambda task each, built from these lists (lib/control-plane/deployment-workflow.ts:
 * a `poll` step loops through a Wait state until it reports done, so no Lambda ever sleeps);
 * `runStackSteps` runs the same steps in process (the AWS deployer's `deploy` and `destroy`, and
 * the tests over mocked CloudFormation and S3 clients).
 *
 * Deploy: synthesize (template from the blueprint, into the artifact bucket; the data plan checked
 * against the records stored) -> [import the resources a destroy kept: change set of kind IMPORT,
 * execute, wait] -> change set (CREATE the first time, UPDATE after; "no changes" ends it early) ->
 * execute -> wait for the stack, its events copied into the deployment's logs -> the data plan's
 * safe steps -> the API's address from the stack's outputs.
 * Destroy: note what the stack keeps (table, bucket, user pool: DeletionPolicy Retain) -> delete
 * the stack -> wait, with its events -> remove the kept resources when asked (deleteData).
 *
 * All state between steps is the small JSON `StackRun` (never the blueprint: a state is at most
 * 256 KB); each step reads what it needs by id. A failure throws; the caller ends the deployment
 * `failed` with the message (CloudFormation's own reason when it gave one) and CloudFormation has
 * rolled the stack back.
 */
import type { BlueprintIR } from '../../core/blueprint/ir';
import type { Clock } from '../../core/clock';
import { dataQuestions, planDataChanges, type DataChange } from '../../core/deploy/data-safety';
import { deployRegion, WORKFLOWS_REGION } from '../../core/deploy/regions';
import type { CloudFormationTemplate } from '../../core/deploy/template-diff';
import type { DeploymentLogLevel } from '../../ports/project-deployer';
import type { ProjectRecords } from '../../ports/project-records';
import type { ChangeSetKind, ProjectStacks, ResourceToImport, RetainedResource, TemplateStore } from '../../ports/project-stacks';

/** The resources a destroy keeps (the project stack gives them DeletionPolicy Retain), with what CloudFormation imports each by. */
export const KEPT_RESOURCE_IDENTIFIERS: Readonly<Record<string, string>> = {
  'AWS::DynamoDB::Table': 'TableName',
  'AWS::S3::Bucket': 'BucketName',
  'AWS::Cognito::UserPool': 'UserPoolId',
};
export const KEPT_RESOURCE_TYPES = Object.keys(KEPT_RESOURCE_IDENTIFIERS);

/** The project stack's outputs the steps read (lib/project/project-stack.ts writes them). */
export const STACK_OUTPUTS = { apiUrl: 'ApiUrl', tableName: 'TableName' } as const;

export interface StackStepServices {
  /** Appends a line to the deployment's logs. */
  log(deploymentId: string, level: DeploymentLogLevel, message: string): Promise<void>;
  /** A completed blueprint's IR. */
  blueprintIr(blueprintId: string): Promise<BlueprintIR>;
  /** What the project's last destroy kept (its stack gone, its data still there), or none. */
  keptResources(projectId: string): Promise<readonly RetainedResource[]>;
  stacks(region: string): ProjectStacks;
  records(region: string): ProjectRecords;
  readonly templates: TemplateStore;
  /** The template a deploy of `ir` creates (ProjectStack, code from the published assets of `region`). */
  synthesize(input: { ir: BlueprintIR; projectId: string; deploymentId: string; blueprintId: string; region: string; deployedAt: string }): Promise<CloudFormationTemplate>;
  /** Deletes a resource a destroy kept (deleteData), lifting its deletion protection first. */
  removeKept(region: string, resource: RetainedResource): Promise<void>;
  /** Copies the published code of project stacks into `region` where it is missing; how many objects were copied. */
  publishCode(region: string): Promise<number>;
  /** The service role CloudFormation creates and deletes project stacks with. @default the caller's credentials */
  readonly stackRoleArn?: string;
  /** The region projects deploy to unless a blueprint needs another (the control plane's by default). */
  readonly projectRegion: string;
  readonly clock: Clock;
}

/** What one deployment's steps carry from one to the next (the state machine's `$.run`). */
export interface StackRun {
  readonly deploymentId: string;
  readonly projectId: string;
  readonly blueprintId: string;
  readonly stackName: string;
  readonly allowDataLoss: boolean;
  readonly deleteData: boolean;
  /** When the run started: stack events before it are not this deployment's. */
  readonly startedAt: string;
  readonly region?: string;
  readonly templateUrl?: string;
  /** A kept table, bucket and pool, and the template that imports only them. */
  readonly toImport?: readonly ResourceToImport[];
  readonly importTemplateUrl?: string;
  /** The blueprint the stored records were written with (the data plan's "before"). */
  readonly beforeBlueprintId?: string;
  readonly changeSet?: { readonly name: string; readonly kind: ChangeSetKind; readonly phase: StackPhase };
  /** The phase whose change set found nothing to change. */
  readonly noChanges?: StackPhase;
  /** The phase whose change set was executed (and whose stack operation is awaited). */
  readonly executed?: StackPhase;
  readonly lastEventId?: string | null;
  readonly apiBaseUrl?: string;
  readonly kept?: readonly RetainedResource[];
  /** A region the project's stack moves out of (allowed data loss): its old stack is deleted at the end, its data kept there. */
  readonly leaveRegion?: string;
}

/** The regions a project's stack can be in: the configured one, and the one workflows need. */
export const candidateRegions = (projectRegion: string): string[] => [...new Set([projectRegion, WORKFLOWS_REGION])];

/** Where the project's stack exists now, other than `region` (a move), or null. */
export async function otherStackRegion(services: Pick<StackStepServices, 'stacks' | 'projectRegion'>, stackName: string, region: string): Promise<string | null> {
  for (const other of candidateRegions(services.projectRegion)) {
    if (other !== region && (await services.stacks(other).describe(stackName))) return other;
  }
  return null;
}

/** The reason a move between regions loses data. */
export const regionMoveReason = (from: string, to: string): string => `the project moves from ${from} to ${to}: its table, bucket and user pool stay behind in ${from} (kept, not copied)`;

export type StackPhase = 'import' | 'main';

export interface StackStepResult {
  readonly run: StackRun;
  /** False: a poll step not yet done; run it again after its pause. */
  readonly done: boolean;
}

export interface StackStep {
  readonly name: string;
  /** `poll` steps are run again after `pollSeconds` until done. */
  readonly kind: 'task' | 'poll';
  readonly pollSeconds?: number;
  run(services: StackStepServices, run: StackRun): Promise<StackStepResult>;
}

const done = (run: StackRun): StackStepResult => ({ run, done: true });
const again = (run: StackRun): StackStepResult => ({ run, done: false });

/** CloudFormation names: letters, digits and hyphens, starting with a letter, at most 128. */
const changeSetName = (run: StackRun, phase: StackPhase): string => `bgs-${phase}-${run.deploymentId.replace(/[^A-Za-z0-9-]/g, '')}`.slice(0, 128);

const regionOf = (run: StackRun): string => {
  if (!run.region) throw new Error('the deployment has no region yet (the synthesize step sets it)');
  return run.region;
};

const templateKey = (run: StackRun, name: string): string => `project-templates/${run.projectId}/${run.deploymentId}/${name}.json`;

// --- deploy ---------------------------------------------------------------------------------------

const synthesize: StackStep = {
  name: 'synthesize',
  kind: 'task',
  async run(services, run) {
    const log = (level: DeploymentLogLevel, message: string) => services.log(run.deploymentId, level, message);
    const ir = await services.blueprintIr(run.blueprintId);
    const { region, note } = deployRegion(ir, services.projectRegion);
    if (note) await log('info', note);
    const stacks = services.stacks(region);
    const moving = await otherStackRegion(services, run.stackName, region);
    if (moving) {
      if (!run.allowDataLoss) throw new Error(`the deploy would lose data (${regionMoveReason(moving, region)}); deploy with allowDataLoss: true to go on`);
      await log('warn', `Data loss allowed: ${regionMoveReason(moving, region)}`);
    }
    const existing = await stacks.describe(run.stackName);
    if (existing?.state === 'busy') throw new Error(`the stack ${run.stackName} is busy (${existing.status}); deploy again once it has settled`);
    if (existing?.status === 'ROLLBACK_COMPLETE') {
      throw new Error(`the stack ${run.stackName} never deployed (ROLLBACK_COMPLETE after a failed first deploy): destroy it (DELETE /projects/{projectId}/stack) and deploy again`);
    }

    // The records stored, and whether this blueprint would strand them.
    const tableName = existing?.outputs[STACK_OUTPUTS.tableName];
    const kept = existing ? [] : await services.keptResources(run.projectId);
    const keptTable = kept.find((r) => r.resourceType === 'AWS::DynamoDB::Table')?.physicalId;
    const recordsTable = tableName ?? keptTable;
    let beforeBlueprintId: string | undefined;
    if (recordsTable) {
      const records = services.records(region);
      beforeBlueprintId = (await records.deployedBlueprintId(recordsTable)) ?? undefined;
      if (beforeBlueprintId && beforeBlueprintId !== run.blueprintId) {
        const before = await services.blueprintIr(beforeBlueprintId);
        const changes = planDataChanges(before, ir, await records.facts(recordsTable, before, dataQuestions(before, ir)));
        await refuseOrNote(changes, run.allowDataLoss, log);
      }
    }

    const template = await services.synthesize({ ir, projectId: run.projectId, deploymentId: run.deploymentId, blueprintId: run.blueprintId, region, deployedAt: run.startedAt });
    const templateUrl = await services.templates.put(templateKey(run, 'template'), template);
    await log('info', `Synthesized the project stack (${Object.keys(template.Resources ?? {}).length} resources) for ${region}`);

    let importing: Pick<StackRun, 'toImport' | 'importTemplateUrl'> = {};
    if (kept.length > 0) {
      const resources = template.Resources ?? {};
      const toImport = kept
        .filter((r) => resources[r.logicalId]?.Type === r.resourceType)
        .map((r): ResourceToImport => ({ logicalId: r.logicalId, resourceType: r.resourceType, identifier: { [KEPT_RESOURCE_IDENTIFIERS[r.resourceType]!]: r.physicalId } }));
      if (toImport.length > 0) {
        // An import change set may hold only the resources it imports.
        const importTemplate: CloudFormationTemplate = { ...template, Resources: Object.fromEntries(toImport.map((r) => [r.logicalId, resources[r.logicalId]!])) };
        delete importTemplate.Outputs;
        importing = { toImport, importTemplateUrl: await services.templates.put(templateKey(run, 'import'), importTemplate) };
        await log('info', `Found the data a destroy kept: importing ${toImport.map((r) => `${r.resourceType} ${r.identifier[KEPT_RESOURCE_IDENTIFIERS[r.resourceType]!]}`).join(', ')} into the new stack first`);
      }
    }
    return done({ ...run, region, templateUrl, ...importing, ...(beforeBlueprintId ? { beforeBlueprintId } : {}), ...(moving ? { leaveRegion: moving } : {}) });
  },
};

async function refuseOrNote(changes: readonly DataChange[], allowDataLoss: boolean, log: (level: DeploymentLogLevel, message: string) => Promise<void>): Promise<void> {
  const lost = changes.filter((c) => c.destructive);
  if (lost.length > 0 && !allowDataLoss) throw new Error(`the deploy would lose data (${lost.map((c) => c.reason).join('; ')}); deploy with allowDataLoss: true to go on`);
  for (const change of lost) await log('warn', `Data loss allowed: ${change.reason}`);
}

/** Creates the phase's change set, then polls it: ready, empty (nothing to change) or failed (its reason). */
const changeSet = (phase: StackPhase): StackStep => ({
  name: phase === 'import' ? 'import-change-set' : 'change-set',
  kind: 'poll',
  pollSeconds: 5,
  async run(services, run) {
    if (phase === 'import' && !run.toImport) return done(run);
    const stacks = services.stacks(regionOf(run));
    const log = (level: DeploymentLogLevel, message: string) => services.log(run.deploymentId, level, message);
    if (run.changeSet?.phase !== phase) {
      const existing = await stacks.describe(run.stackName);
      const kind: ChangeSetKind = phase === 'import' ? 'IMPORT' : !existing || existing.state === 'review' ? 'CREATE' : 'UPDATE';
      const name = changeSetName(run, phase);
      const templateUrl = phase === 'import' ? run.importTemplateUrl : run.templateUrl;
      if (!templateUrl) throw new Error(`no template for the ${phase} change set`);
      await stacks.createChangeSet({
        stackName: run.stackName,
        changeSetName: name,
        kind,
        templateUrl,
        ...(phase === 'import' ? { resourcesToImport: run.toImport } : {}),
        tags: { 'bgs:project': run.projectId },
        ...(services.stackRoleArn ? { roleArn: services.stackRoleArn } : {}),
      });
      await log('info', `Created the change set ${name} (${kind})`);
      return again({ ...run, changeSet: { name, kind, phase } });
    }
    const state = await stacks.changeSetState(run.stackName, run.changeSet.name);
    if (state.state === 'pending') return again(run);
    if (state.state === 'failed') throw new Error(`CloudFormation could not make the change set: ${state.reason}`);
    if (state.state === 'empty') {
      await stacks.deleteChangeSet(run.stackName, run.changeSet.name);
      await log('info', 'No changes: the stack already matches this blueprint');
      return done({ ...run, noChanges: phase });
    }
    return done(run);
  },
});

/** Lambda takes code from a bucket of its own region: the first deploy to a region copies it there. */
const publishCode: StackStep = {
  name: 'publish-code',
  kind: 'task',
  async run(services, run) {
    const copied = await services.publishCode(regionOf(run));
    if (copied > 0) await services.log(run.deploymentId, 'info', `Copied the project code (${copied} ${copied === 1 ? 'object' : 'objects'}) to ${regionOf(run)}: the first deploy there`);
    return done(run);
  },
};

const execute = (phase: StackPhase): StackStep => ({
  name: phase === 'import' ? 'import-execute' : 'execute',
  kind: 'task',
  async run(services, run) {
    if (run.changeSet?.phase !== phase || run.noChanges === phase) return done(run);
    await services.stacks(regionOf(run)).executeChangeSet(run.stackName, run.changeSet.name);
    await services.log(run.deploymentId, 'info', `Executing the change set ${run.changeSet.name}`);
    return done({ ...run, executed: phase });
  },
});

/** Copies the stack's new events into the deployment's logs. */
async function copyEvents(services: StackStepServices, run: StackRun): Promise<string | null> {
  const { events, lastId } = await services.stacks(regionOf(run)).eventsAfter(run.stackName, run.lastEventId ?? null, run.startedAt);
  for (const event of events) await services.log(run.deploymentId, event.level, event.message);
  return lastId;
}

/** The first failure CloudFormation reported since the run started (its events are the reason a rollback happened). */
async function failureReason(services: StackStepServices, run: StackRun, fallback: string): Promise<string> {
  const { events } = await services.stacks(regionOf(run)).eventsAfter(run.stackName, null, run.startedAt);
  const first = events.find((e) => e.level === 'error' && !/cancelled/i.test(e.message));
  return first?.message ?? fallback;
}

const waitStack = (phase: StackPhase): StackStep => ({
  name: phase === 'import' ? 'import-wait' : 'wait',
  kind: 'poll',
  pollSeconds: 10,
  async run(services, run) {
    if (run.executed !== phase) return done(run);
    const lastEventId = await copyEvents(services, run);
    const stack = await services.stacks(regionOf(run)).describe(run.stackName);
    const next = { ...run, lastEventId };
    if (!stack) throw new Error(`the stack ${run.stackName} disappeared during the deploy`);
    if (stack.state === 'busy' || stack.state === 'review') return again(next);
    if (stack.state === 'failed') {
      const reason = await failureReason(services, run, stack.reason ?? stack.status);
      throw new Error(`CloudFormation rolled the stack back (${stack.status}): ${reason}`);
    }
    await services.log(run.deploymentId, 'info', `The stack is ${stack.status}`);
    // The import is done: the main phase makes its own change set.
    return done(phase === 'import' ? { ...next, changeSet: undefined, executed: undefined } : next);
  },
});

const dataSteps: StackStep = {
  name: 'data-steps',
  kind: 'task',
  async run(services, run) {
    if (!run.beforeBlueprintId || run.beforeBlueprintId === run.blueprintId) return done(run);
    const region = regionOf(run);
    const stack = await services.stacks(region).describe(run.stackName);
    const tableName = stack?.outputs[STACK_OUTPUTS.tableName];
    if (!tableName) throw new Error(`the stack ${run.stackName} has no ${STACK_OUTPUTS.tableName} output`);
    const before = await services.blueprintIr(run.beforeBlueprintId);
    const after = await services.blueprintIr(run.blueprintId);
    const records = services.records(region);
    for (const change of planDataChanges(before, after, await records.facts(tableName, before, dataQuestions(before, after)))) {
      if (!change.step) continue;
      const result = await records.runStep(tableName, before, after, change.step);
      const skipped = result.skipped > 0 ? `, ${result.skipped} left alone (changed meanwhile or already taken)` : '';
      await services.log(run.deploymentId, result.skipped > 0 && change.step.kind === 'claim-unique' ? 'warn' : 'info', `${change.reason}: ${change.step.kind} done, ${result.changed} written${skipped}`);
    }
    return done(run);
  },
};

const address: StackStep = {
  name: 'address',
  kind: 'task',
  async run(services, run) {
    const stack = await services.stacks(regionOf(run)).describe(run.stackName);
    const apiBaseUrl = stack?.outputs[STACK_OUTPUTS.apiUrl];
    if (!apiBaseUrl) throw new Error(`the stack ${run.stackName} has no ${STACK_OUTPUTS.apiUrl} output`);
    await services.log(run.deploymentId, 'info', `Serving at ${apiBaseUrl}`);
    return done({ ...run, apiBaseUrl: apiBaseUrl.replace(/\/+$/, '') });
  },
};

const leaveOldRegion: StackStep = {
  name: 'leave-old-region',
  kind: 'task',
  async run(services, run) {
    if (!run.leaveRegion) return done(run);
    const result = await services.stacks(run.leaveRegion).deleteStack(run.stackName, services.stackRoleArn);
    if (result === 'deleting') {
      await services.log(run.deploymentId, 'warn', `Deleting the project's old stack in ${run.leaveRegion}; its table, bucket and user pool stay there (retained)`);
    }
    return done(run);
  },
};

export const DEPLOY_STACK_STEPS: readonly StackStep[] = [
  synthesize,
  publishCode,
  changeSet('import'),
  execute('import'),
  waitStack('import'),
  changeSet('main'),
  execute('main'),
  waitStack('main'),
  dataSteps,
  address,
  leaveOldRegion,
];

// --- destroy --------------------------------------------------------------------------------------

const noteKept: StackStep = {
  name: 'note-kept',
  kind: 'task',
  async run(services, run) {
    // The stack is in whichever region it was deployed to.
    let region = run.region ?? services.projectRegion;
    if (!run.region) {
      for (const candidate of candidateRegions(services.projectRegion)) if (await services.stacks(candidate).describe(run.stackName)) region = candidate;
    }
    const stacks = services.stacks(region);
    const stack = await stacks.describe(run.stackName);
    if (!stack) {
      await services.log(run.deploymentId, 'info', `The stack ${run.stackName} does not exist in ${region}: nothing to delete`);
      return done({ ...run, region, kept: [] });
    }
    if (stack.state === 'busy') throw new Error(`the stack ${run.stackName} is busy (${stack.status}); destroy it once it has settled`);
    const kept = await stacks.resourcesOfTypes(run.stackName, KEPT_RESOURCE_TYPES);
    return done({ ...run, region, kept });
  },
};

const deleteStack: StackStep = {
  name: 'delete-stack',
  kind: 'task',
  async run(services, run) {
    const result = await services.stacks(regionOf(run)).deleteStack(run.stackName, services.stackRoleArn);
    await services.log(run.deploymentId, 'info', result === 'absent' ? `The stack ${run.stackName} was already gone` : `Deleting the stack ${run.stackName}`);
    return done({ ...run, executed: 'main' });
  },
};

const waitDeleted: StackStep = {
  name: 'wait-deleted',
  kind: 'poll',
  pollSeconds: 10,
  async run(services, run) {
    const lastEventId = await copyEvents(services, run);
    const stack = await services.stacks(regionOf(run)).describe(run.stackName);
    if (!stack) return done({ ...run, lastEventId });
    if (stack.state === 'busy') return again({ ...run, lastEventId });
    throw new Error(`CloudFormation could not delete the stack (${stack.status}): ${await failureReason(services, run, stack.reason ?? stack.status)}`);
  },
};

const keptData: StackStep = {
  name: 'kept-data',
  kind: 'task',
  async run(services, run) {
    const kept = run.kept ?? [];
    const log = (level: DeploymentLogLevel, message: string) => services.log(run.deploymentId, level, message);
    if (kept.length === 0) return done(run);
    const names = kept.map((r) => `${r.resourceType} ${r.physicalId}`).join(', ');
    if (!run.deleteData) {
      await log('info', `Kept ${names} with their data: the next deploy of this project imports them again. To remove them, deploy and destroy with deleteData: true`);
      return done(run);
    }
    for (const resource of kept) {
      await services.removeKept(regionOf(run), resource);
      await log('info', `Deleted ${resource.resourceType} ${resource.physicalId}`);
    }
    return done({ ...run, kept: [] });
  },
};

export const DESTROY_STACK_STEPS: readonly StackStep[] = [noteKept, deleteStack, waitDeleted, keptData];

/** Every step by name (the step Lambda is handed a name). */
export const STACK_STEPS: ReadonlyMap<string, StackStep> = new Map([...DEPLOY_STACK_STEPS, ...DESTROY_STACK_STEPS].map((step) => [step.name, step]));

/**
 * Runs `steps` in order in this process, pausing `pause(seconds)` between polls of a poll step:
 * what Step Functions does with Wait states. Returns the last run.
 */
export async function runStackSteps(steps: readonly StackStep[], services: StackStepServices, start: StackRun, pause: (seconds: number) => Promise<void>, maxPolls = 720): Promise<StackRun> {
  let run = start;
  for (const step of steps) {
    for (let poll = 0; ; poll++) {
      const result = await step.run(services, run);
      run = result.run;
      if (result.done) break;
      if (poll >= maxPolls) throw new Error(`the ${step.name} step did not finish after ${maxPolls} polls`);
      await pause(step.pollSeconds ?? 5);
    }
  }
  return run;
}
