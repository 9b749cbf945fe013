/**
 * Which region a project stack deploys to (issue 24 "Regions"): the one configured for the
 * installation (default: the control plane's own), except that a blueprint with workflows runs
 * them on Lambda durable functions, which exist in WORKFLOWS_REGION only. Pure: the deployment
 * steps, the project stack's own check and the exported app's README read these.
 */
import type { BlueprintIR } from '../blueprint/ir';

export const WORKFLOWS_REGION = 'us-east-2';

export interface RegionChoice {
  readonly region: string;
  /** Why, when it is not the configured one (a line for the deployment's logs). */
  readonly note?: string;
}

/** The region a deploy of `ir` goes to, given the installation's configured project region. */
export function deployRegion(ir: Pick<BlueprintIR, 'workflows'>, configured: string): RegionChoice {
  if (ir.workflows.length === 0 || configured === WORKFLOWS_REGION) return { region: configured };
  return {
    region: WORKFLOWS_REGION,
    note: `The blueprint has ${ir.workflows.length} workflow${ir.workflows.length === 1 ? '' : 's'}: they run on Lambda durable functions, available in ${WORKFLOWS_REGION} only, so the project deploys there (not ${configured})`,
  };
}

/** Why a stack of `ir` cannot be in `region`, or null when it can (an unresolved region is decided at deploy time). */
export function regionProblem(ir: Pick<BlueprintIR, 'workflows'>, region: string | undefined): string | null {
  if (ir.workflows.length === 0 || region === undefined || region === WORKFLOWS_REGION) return null;
  return `This blueprint has workflows, which run on Lambda durable functions, available in ${WORKFLOWS_REGION} only: deploy its stack to ${WORKFLOWS_REGION}, not ${region}`;
}
