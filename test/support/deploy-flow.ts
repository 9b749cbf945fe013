/**
 * The whole path a user takes, through the control plane: a project from a description, a
 * blueprint generated from its spec, a deployment, and the project's live API.
 */
import { callApi } from './local-service';

async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting; last: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface DeployedProject {
  projectId: string;
  blueprintId: string;
  deploymentId: string;
  apiBaseUrl: string;
}

/** Creates a project from `description`, generates its blueprint and deploys it; returns the live API's address. */
export async function describeAndDeploy(baseUrl: string, token: string, name: string, description: string): Promise<DeployedProject> {
  const project = await callApi(baseUrl, 'POST', '/projects', { token, body: { name, description } });
  if (project.status !== 201) throw new Error(`create project: ${project.status} ${project.text}`);
  const projectId = project.body.id as string;
  const started = await callApi(baseUrl, 'POST', `/projects/${projectId}/spec/generate-blueprint`, { token });
  if (started.status !== 202) throw new Error(`generate: ${started.status} ${started.text}`);
  const blueprintId = started.body.blueprint.id as string;
  const status = await poll(
    () => callApi(baseUrl, 'GET', `/blueprints/${blueprintId}/status`, { token }),
    (r) => r.body?.status !== 'processing',
  );
  if (status.body.status !== 'completed') throw new Error(`generation ended ${status.text}`);
  const deploy = await callApi(baseUrl, 'POST', `/projects/${projectId}/deploy`, { token, body: {} });
  if (deploy.status !== 202) throw new Error(`deploy: ${deploy.status} ${deploy.text}`);
  const deploymentId = deploy.body.deployment.id as string;
  const finished = await poll(
    () => callApi(baseUrl, 'GET', `/deployments/${deploymentId}`, { token }),
    (r) => r.body?.status === 'succeeded' || r.body?.status === 'failed',
  );
  if (finished.body.status !== 'succeeded') throw new Error(`deployment failed: ${finished.text}`);
  return { projectId, blueprintId, deploymentId, apiBaseUrl: finished.body.apiBaseUrl as string };
}
