/**
 * What every SDK language's run of the generic scenario (test/support/sdk-plan.ts) shares: the
 * plan of a deployed example, the run against the service's clock (ADVANCE lines move it; real
 * time comes back after), and what the script's DONE line must say. The Python and TypeScript
 * tests (test/http/project-sdk-every-example.test.ts, project-sdk-typescript-every-example.test.ts)
 * differ only in how they unzip, build and start their script.
 */
import { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import type { ManualClock } from '../../lambdas/core/clock';
import type { DeployedProject } from './deploy-flow';
import type { TestService } from './local-service';
import { runScenario, type ScenarioResult } from './sdk-archive';
import { ME, RECORD_COUNT, sdkScenarioPlan, type PlannedRef, type SdkLanguage, type SdkScenarioPlan } from './sdk-plan';

/** The sampler's seed: the same plans every run, in every language. */
export const SCENARIO_SEED = 2126;

/** A control-plane token, the project's IR and the scenario's plan in `language`'s names. */
export async function plannedScenario(
  service: TestService,
  account: { email: string; password: string },
  project: DeployedProject,
  language: SdkLanguage,
): Promise<{ token: string; ir: BlueprintIR; plan: SdkScenarioPlan }> {
  // The clock moved past the control-plane token's lifetime in the earlier scenarios.
  const token = (await service.request('POST', '/auth/login', { body: account })).body.accessToken as string;
  const blueprint = await service.request('GET', `/blueprints/${project.blueprintId}`, { token });
  expect(blueprint.status).toBe(200);
  const ir = BlueprintIR.parse(blueprint.body.ir);
  const plan = sdkScenarioPlan({ ir, blueprintId: project.blueprintId, projectId: project.projectId, serverUrl: project.apiBaseUrl }, SCENARIO_SEED, language);
  return { token, ir, plan };
}

/** Runs the script; each ADVANCE it prints moves the service's clock, which goes back to real time at the end. */
export async function runOnServiceClock(clock: ManualClock, command: string, args: string[], env: Record<string, string>): Promise<ScenarioResult> {
  let advanced = 0;
  const run = await runScenario(command, args, env, (ms) => {
    clock.advance(ms);
    advanced += ms;
  });
  // Back to real time: the local object store checks signed URLs against the system clock (the
  // local service does not hand it the injected one), so the next example's uploads, signed on
  // a clock an hour ahead, would be refused as not valid yet.
  clock.advance(-advanced);
  return run;
}

/** The body as it was sent: the plan's values and the real ids of its references. */
function sentBody(body: Record<string, unknown>, refs: readonly PlannedRef[], parents: Record<string, string>, meId: string): Record<string, unknown> {
  const out = { ...body };
  for (const ref of refs) {
    const id = ref.to === ME ? meId : parents[ref.to];
    out[ref.field] = ref.list ? [id] : id;
  }
  return out;
}

const sorted = (ids: string[]) => [...ids].sort();

/** The script ran to its end and its DONE line shows every step of `planJson` (the PLAN it was given) done. */
export function expectScenarioDone(run: ScenarioResult, expected: { exampleId: string; planJson: string; project: DeployedProject; ir: BlueprintIR; email: string }): void {
  const { exampleId, planJson, project, ir, email } = expected;
  if (run.code !== 0 || !run.result) throw new Error(`${exampleId} scenario failed (${run.code}, seed ${SCENARIO_SEED}):\n${run.stdout}\n${run.stderr}\nplan: ${planJson}`);
  const r = run.result;
  // As the script got it (JSON: -0 went out as 0).
  const plan = JSON.parse(planJson) as SdkScenarioPlan;
  const { target } = plan;

  expect(r.blueprint).toEqual([project.blueprintId, ir.specVersion]);
  expect([r.me.email, r.me.role]).toEqual([email, ir.adminRole]);
  expect(Object.keys(r.parents)).toEqual(plan.parents.map((p) => p.entity));

  // Created as sent (defaults added), read back as created.
  expect(r.created).toHaveLength(RECORD_COUNT);
  target.bodies.forEach((body, i) => expect(r.created[i]).toMatchObject(sentBody(body, target.refs, r.parents, r.me.id)));
  expect(r.read).toEqual(r.created[0]);

  // Every page, each record exactly once, by hand and through the iterator.
  const ids = sorted(r.created.map((record: { id: string }) => record.id));
  expect(r.pages).toBeGreaterThanOrEqual(2);
  expect(sorted(r.paged)).toEqual(ids);
  expect(sorted(r.iterated)).toEqual(ids);

  if (plan.file) expect(r.files).toEqual({ attached: true, same_bytes: true, size: Buffer.from(plan.file.data_base64, 'base64').length });
  else expect(r.files).toBeNull();

  // The update went out with an expired token: one refresh, then it was applied.
  expect([r.refreshes, r.token_changed]).toEqual([1, true]);
  expect(r.updated).toMatchObject(target.update_body);
  expect(r.reread).toEqual(r.updated);

  expect(r.errors.not_found).toMatchObject({ status: 404, code: 'NOT_FOUND', class: 'NotFoundError' });
  expect(r.errors.validation).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', class: 'ValidationError' });
  expect(r.errors.validation.paths).toContain(target.invalid.path);
  expect(r.errors.login).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS', class: 'UnauthorizedError' });
}
