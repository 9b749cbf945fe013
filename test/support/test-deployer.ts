/**
 * A test double of the ProjectDeployer port (lambdas/ports/project-deployer.ts), for the
 * deployment tests: it records every call, logs a line before and after its "work", and can be
 * told to fail or to hold deploys until the test releases them.
 */
import type { DeployPreview, PreviewChange } from '../../lambdas/core/deploy/deploy-preview';
import type { DeployInput, DeployResult, DestroyInput, DestroyResult, PreviewInput, ProjectDeployer } from '../../lambdas/ports/project-deployer';

export class TestDeployer implements ProjectDeployer {
  readonly calls: DeployInput[] = [];
  /** Thrown by deploys that reach the end of their work (null: they succeed). */
  failWith: Error | null = null;
  private gate: Promise<void> | null = null;

  /** Deploys that start from now on wait until the returned function is called. */
  hold(): () => void {
    let open!: () => void;
    this.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    return open;
  }

  /** Deploys that start from now on no longer wait (those already waiting still do). */
  stopHolding(): void {
    this.gate = null;
  }

  async deploy(input: DeployInput): Promise<DeployResult> {
    this.calls.push(input);
    const gate = this.gate;
    await input.log('info', `Provisioning the table, bucket and identity of ${input.projectId}`);
    if (gate) await gate;
    if (this.failWith) throw this.failWith;
    await input.log('info', `Runtime mounted at /apis/${input.projectId}`);
    return { apiBaseUrl: `/apis/${input.projectId}` };
  }

  readonly previews: PreviewInput[] = [];

  /** What the next previews answer besides the default (no changes). */
  previewAnswer: DeployPreview | null = null;

  async preview(input: PreviewInput): Promise<DeployPreview> {
    this.previews.push(input);
    return this.previewAnswer ?? { changes: [], summary: `previewed ${input.ir.entities.length} entities`, steps: [] };
  }

  async dataLoss(_input: PreviewInput): Promise<readonly PreviewChange[]> {
    return (this.previewAnswer?.changes ?? []).filter((c) => c.destructive);
  }

  readonly destroys: DestroyInput[] = [];

  async destroy(input: DestroyInput): Promise<DestroyResult> {
    this.destroys.push(input);
    await input.log('info', `Unmounted /apis/${input.projectId}${input.deleteData ? ' and removed its data' : ''}`);
    return { kept: [] };
  }

  /** Resolves once `count` deploys have started. */
  async started(count: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.calls.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} deploy call(s), saw ${this.calls.length}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}
