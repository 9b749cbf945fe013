/**
 * Outgoing endpoints of a project (CONTRACT "Outgoing endpoints"), set by the project's owner.
 * Ownership as for every project route: ProjectRepository answers 404 for another user's project.
 *
 * A secret is never answered. A change of secret is: store the new one, point the item at it
 * (conditional on the item being as read), remove the old one. So the item never names a secret
 * that is not stored; a failure between the steps leaves at most an unreferenced secret behind.
 */
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import { checkEndpointUrl } from '../../core/outgoing/endpoint';
import type { EndpointRecord } from '../../ports/endpoint-repository';
import type { UseCase } from '../../shared/route-handler';
import type { ControlPlanePorts, ServicesWith } from '../composition/services';
import { CONTROL_PLANE_ROUTES as R } from '../routes';

type Routes = typeof R;
type Handler<K extends keyof Routes, P extends keyof ControlPlanePorts = never> = UseCase<Routes[K], ServicesWith<P>>;

/** Endpoints per project: the list is answered whole, and a project calls a handful of services. */
export const MAX_ENDPOINTS_PER_PROJECT = 50;

function present(record: EndpointRecord) {
  return { name: record.name, url: record.url, hasSecret: record.secretRef !== null, updatedAt: record.updatedAt };
}

export const putEndpoint: Handler<'putEndpoint', 'projects' | 'endpoints' | 'endpointSecrets'> = async ({ params, body, user, now }, services) => {
  const { projects, endpoints, endpointSecrets, config, logger } = services;
  const { projectId, name } = params;
  await projects.getWritable(user.userId, projectId);
  const checked = checkEndpointUrl(body.url, config.outgoing.allowedAddresses);
  if (!checked.ok) throw new ValidationError(`The request is not valid: body.url ${checked.problem}`, [{ path: 'body.url', message: checked.problem }]);

  const current = await endpoints.get(projectId, name);
  if (!current && (await endpoints.list(projectId)).length >= MAX_ENDPOINTS_PER_PROJECT) {
    throw new ConflictError(`A project has at most ${MAX_ENDPOINTS_PER_PROJECT} endpoints; delete one first`);
  }
  const created = typeof body.secret === 'string' ? await endpointSecrets.store(projectId, name, body.secret) : undefined;
  const secretRef = body.secret === undefined ? (current?.secretRef ?? null) : (created ?? null);
  const record: EndpointRecord = { projectId, name, url: checked.url.href, secretRef, updatedAt: now.toISOString() };
  let written: boolean;
  try {
    written = await endpoints.put(record, current ? { exists: true, secretRef: current.secretRef } : { exists: false });
  } catch (err) {
    if (created) await endpointSecrets.remove(created).catch(() => undefined);
    throw err;
  }
  if (!written) {
    if (created) await endpointSecrets.remove(created).catch(() => undefined);
    throw new ConflictError('The endpoint was changed by another request at the same time; read it and try again');
  }
  if (current?.secretRef && current.secretRef !== secretRef) {
    // The item no longer names it: a failure here leaves an unreferenced secret, never a broken endpoint.
    await endpointSecrets.remove(current.secretRef).catch((err: unknown) => logger.warn('replaced endpoint secret not removed', { projectId, name, error: (err as Error).name }));
  }
  return { body: present(record) };
};

export const listEndpoints: Handler<'listEndpoints', 'projects' | 'endpoints'> = async ({ params, user }, { projects, endpoints }) => {
  await projects.getOwned(user.userId, params.projectId);
  return { body: { items: (await endpoints.list(params.projectId)).map(present) } };
};

export const deleteEndpoint: Handler<'deleteEndpoint', 'projects' | 'endpoints' | 'endpointSecrets'> = async ({ params, user }, { projects, endpoints, endpointSecrets, logger }) => {
  // An archived project's endpoints can still be removed (its secrets with them).
  await projects.getOwned(user.userId, params.projectId);
  const removed = await endpoints.delete(params.projectId, params.name);
  if (!removed) throw new NotFoundError('Endpoint not found');
  if (removed.secretRef) {
    await endpointSecrets.remove(removed.secretRef).catch((err: unknown) => logger.warn('deleted endpoint secret not removed', { projectId: params.projectId, name: params.name, error: (err as Error).name }));
  }
  return { status: 204 };
};
