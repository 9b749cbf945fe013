/** The generation state machine is built from GENERATION_STEPS: same steps, same order, with retries and a catch. */
import type { CfnElement } from 'aws-cdk-lib';
import { GENERATION_STEPS } from '../../lambdas/control-plane/generation/steps';
import { generationTaskId } from '../../lib/control-plane/generation-workflow';
import { synthControlPlane, type CfnResource } from './synth';

interface State {
  Type: string;
  Next?: string;
  End?: boolean;
  Choices?: { Next: string }[];
  Default?: string;
  Retry?: unknown[];
  Catch?: { Next: string }[];
  Parameters?: { step?: string; Payload?: { step?: string } };
}

describe('blueprint generation state machine', () => {
  const { template, stack } = synthControlPlane();
  // The deployment state machine is deployment-workflow.test.ts's.
  const machines = (Object.values(template.findResources('AWS::StepFunctions::StateMachine')) as CfnResource[]).filter((m) => String(m.Properties?.StateMachineName).endsWith('-blueprint-generation'));
  const definition = (() => {
    const body = machines[0]!.Properties!.DefinitionString as { 'Fn::Join': [string, unknown[]] };
    // The definition is a Fn::Join of literal parts and Lambda ARNs: literal text is enough to read the graph.
    const text = body['Fn::Join'][1].map((part) => (typeof part === 'string' ? part : '"ARN"')).join('');
    return JSON.parse(text.replace(/""ARN""/g, '"ARN"')) as { StartAt: string; States: Record<string, State> };
  })();

  it('exists once, with logging and tracing', () => {
    expect(machines).toHaveLength(1);
    expect(machines[0]!.Properties).toMatchObject({ TracingConfiguration: { Enabled: true }, LoggingConfiguration: { Level: 'ALL' } });
  });

  it('runs one task per step in the order of GENERATION_STEPS, then completes', () => {
    const order: string[] = [];
    let current: string | undefined = definition.StartAt;
    while (current) {
      const state: State = definition.States[current]!;
      if (state.Type === 'Task') order.push(state.Parameters?.step ?? state.Parameters?.Payload?.step ?? current);
      current = state.Type === 'Choice' ? state.Default : state.Next;
    }
    expect(order).toEqual([...GENERATION_STEPS.map((s) => s.name), 'complete']);
  });

  it('retries each step and catches failures into "mark failed"', () => {
    for (const step of GENERATION_STEPS) {
      const state = definition.States[generationTaskId(step.name)]!;
      expect(JSON.stringify(state.Retry)).toContain('States.ALL');
      expect(state.Catch?.[0]?.Next).toBe('Mark failed');
    }
  });

  it('lets only the generation routes start it', () => {
    const policies = Object.values(template.findResources('AWS::IAM::Role')) as CfnResource[];
    const machineRef = JSON.stringify({ Ref: stack.getLogicalId(stack.generation.stateMachine.node.defaultChild as CfnElement) });
    const starters = policies.filter((role) => JSON.stringify(role.Properties).includes('states:StartExecution') && JSON.stringify(role.Properties).includes(machineRef));
    expect(starters).toHaveLength(2);
    expect(stack.api.functions.has('generateBlueprint')).toBe(true);
  });
});
