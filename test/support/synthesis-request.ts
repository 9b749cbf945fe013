/** A synthesis request for the CDK tests of the deploy template and the synthesis function's bundle. */
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import type { SynthesisRequest } from '../../lambdas/core/deploy/synthesis-request';
import { PROJECT_CODE_NAMES } from '../../lib/project/project-code';

/** The published code's keys as the tests name them: `code/0123abcd/<name>.zip`. */
export const TEST_CODE_KEYS: Readonly<Record<string, string>> = Object.fromEntries(PROJECT_CODE_NAMES.map((name) => [name, `code/0123abcd/${name}.zip`]));

export const synthesisRequest = (ir: BlueprintIR, region: string): SynthesisRequest => ({
  ir,
  projectId: 'p1',
  deploymentId: 'd1',
  blueprintId: 'b1',
  deployedAt: '2026-11-26T00:00:00.000Z',
  region,
  codeBucket: `bgs-code-${region}`,
  codeKeys: { ...TEST_CODE_KEYS },
});
