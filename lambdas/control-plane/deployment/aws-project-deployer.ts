/**
 * The ProjectDeployer of AWS (lambdas/ports/project-deployer.ts) over the stack steps
 * (stack-steps.ts): `deploy` and `destroy` run the step lists in this process with real pauses
 * between polls (what the deployment state machine does with Wait states, one Lambda task per
 * step); `preview` is the template diff against the deployed template (GetTemplate; no change set
 * is created, so a preview leaves nothing behind in the account) plus the data plan over the
 * records in the project's table, and a region move when the stack lives elsewhere.
 */
import { combinePreview, destructiveChanges, type DeployPreview, type PreviewChange } from '../../core/deploy/deploy-preview';
import { dataQuestions, planDataChanges, type DataChange } from '../../core/deploy/data-safety';
import { projectStackName } from '../../core/deploy/project-stack-name';
import { deployRegion } from '../../core/deploy/regions';
import { diffTemplates } from '../../core/deploy/template-diff';
import type { DeployInput, DeployResult, DestroyInput, DestroyResult, PreviewInput, ProjectDeployer } from '../../ports/project-deployer';
import {
  DEPLOY_STACK_STEPS,
  DESTROY_STACK_STEPS,
  STACK_OUTPUTS,
  otherStackRegion,
  regionMoveReason,
  runStackSteps,
  type StackRun,
  type StackStepServices,
} from './stack-steps';

export interface AwsProjectDeployerProps {
  /** The steps' services, without the log (each deploy and destroy logs to its own deployment). */
  readonly services: Omit<StackStepServices, 'log'>;
  /** @default setTimeout */
  readonly pause?: (seconds: number) => Promise<void>;
}

export class AwsProjectDeployer implements ProjectDeployer {
  private readonly services: Omit<StackStepServices, 'log'>;
  private readonly pause: (seconds: number) => Promise<void>;

  constructor(props: AwsProjectDeployerProps) {
    this.services = props.services;
    this.pause = props.pause ?? ((seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000)));
  }

  private withLog(log: DeployInput['log']): StackStepServices {
    return { ...this.services, log: (_deploymentId, level, message) => log(level, message) };
  }

  private start(input: { projectId: string; deploymentId: string; blueprintId: string; allowDataLoss: boolean; deleteData: boolean }): StackRun {
    return { ...input, stackName: projectStackName(input.projectId), startedAt: this.services.clock.now().toISOString() };
  }

  async deploy(input: DeployInput): Promise<DeployResult> {
    const start = this.start({ ...input, deleteData: false });
    const run = await runStackSteps(DEPLOY_STACK_STEPS, this.withLog(input.log), start, this.pause);
    if (!run.apiBaseUrl) throw new Error('the stack gave no API address');
    return { apiBaseUrl: run.apiBaseUrl };
  }

  async destroy(input: DestroyInput): Promise<DestroyResult> {
    const start = this.start({ ...input, blueprintId: '', allowDataLoss: false });
    const run = await runStackSteps(DESTROY_STACK_STEPS, this.withLog(input.log), start, this.pause);
    return { kept: run.kept ?? [] };
  }

  async preview(input: PreviewInput): Promise<DeployPreview> {
    const stackName = projectStackName(input.projectId);
    const { region } = deployRegion(input.ir, this.services.projectRegion);
    const stacks = this.services.stacks(region);
    const before = await stacks.deployedTemplate(stackName);
    const after = await this.services.synthesize({ ir: input.ir, projectId: input.projectId, deploymentId: 'preview', blueprintId: 'preview', region, deployedAt: new Date(0).toISOString() });
    const template = diffTemplates(before, after);
    const data: DataChange[] = [];
    const moving = await otherStackRegion(this.services, stackName, region);
    if (moving) data.push({ subject: stackName, destructive: true, reason: regionMoveReason(moving, region) });
    const tableName = before ? (await stacks.describe(stackName))?.outputs[STACK_OUTPUTS.tableName] : undefined;
    if (tableName) {
      const records = this.services.records(region);
      const deployedId = await records.deployedBlueprintId(tableName);
      if (deployedId) {
        const deployed = await this.services.blueprintIr(deployedId);
        data.push(...planDataChanges(deployed, input.ir, await records.facts(tableName, deployed, dataQuestions(deployed, input.ir))));
      }
    }
    return combinePreview(template, data);
  }

  async dataLoss(input: PreviewInput): Promise<readonly PreviewChange[]> {
    return destructiveChanges(await this.preview(input));
  }
}
