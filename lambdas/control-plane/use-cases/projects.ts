/** Project use cases. Ownership is enforced by the repository (the data access path). */
import { randomUUID } from 'node:crypto';
import { decodeCursor, encodeCursor } from '../../core/cursor';
import { NotFoundError } from '../../core/errors';
import type { UseCase } from '../../shared/route-handler';
import { CONTROL_PLANE_ROUTES as R } from '../routes';
import type { Project } from '../../ports/project-repository';
import { DEFAULT_PAGE_SIZE } from '../schemas';
import type { ControlPlanePorts, ServicesWith } from '../composition/services';
import type { ControlPlaneConfig } from '../../shared/config';
import { absoluteUrl } from './base-url';
import { specStatusAt } from '../spec-writing/spec-status';

type Routes = typeof R;
/** A use case of route K over the ports P it names (the route's handler provides exactly those). */
type Handler<K extends keyof Routes, P extends keyof ControlPlanePorts = never> = UseCase<Routes[K], ServicesWith<P>>;

/**
 * A project as answered at `now`: its API address (stored as a path once deployed) as a full URL,
 * and its spec status as it stands (a write no writer can still finish reads as failed).
 */
export function presentProject(project: Project, config: ControlPlaneConfig, now: Date): Project {
  return { ...specStatusAt(project, now), apiBaseUrl: absoluteUrl(config, project.apiBaseUrl) };
}

export const listProjects: Handler<'listProjects', 'cursorSecret' | 'projects'> = async ({ query, user, now }, { projects, cursorSecret, config }) => {
  const status = query.status ?? 'active';
  // A cursor is valid only for the list it came from: this user's projects with this status.
  const scope = `projects:${user.userId}:${status}`;
  const secret = await cursorSecret();
  const startKey = query.cursor ? decodeCursor(query.cursor, scope, secret) : undefined;
  const page = await projects.list(user.userId, status, query.limit ?? DEFAULT_PAGE_SIZE, startKey);
  return { body: { items: page.items.map((project) => presentProject(project, config, now)), nextCursor: page.lastKey ? encodeCursor(page.lastKey, scope, secret) : null } };
};

/** What the user reads as specError when the background writer could not even be started. */
export const SPEC_WRITER_NOT_STARTED = 'The spec writer could not be started';

/**
 * Spec version 1 comes from the description. The offline author writes it within the request,
 * with the project (if it fails, nothing is created). A language model may need longer than a
 * request lasts: the project is created at once, `writing`, and the spec writer writes version 1
 * in the background (spec-writing/), as the same draftFirstVersion.
 */
export const createProject: Handler<'createProject', 'projects' | 'specWriting'> = async ({ body, user, now }, { projects, specWriting, config, logger }) => {
  const projectId = randomUUID();
  if (specWriting.mode === 'at-once') {
    const initialSpec = await specWriting.draft(user.userId, projectId, body);
    return { body: presentProject(await projects.create(user.userId, body, now, initialSpec, projectId), config, now) };
  }
  let project = await projects.create(user.userId, body, now, null, projectId);
  try {
    await specWriting.writer.start(projectId);
  } catch (err) {
    // The project exists: it says so at once rather than reading as `writing` until it times out.
    logger.error('the spec writer could not be started', { projectId, error: err as Error });
    if (await projects.failSpecWriting(projectId, now, SPEC_WRITER_NOT_STARTED)) project = { ...project, specStatus: 'failed', specError: SPEC_WRITER_NOT_STARTED };
  }
  return { body: presentProject(project, config, now) };
};

export const getProject: Handler<'getProject', 'projects'> = async ({ params, user, now }, { projects, config }) => {
  const project = await projects.get(user.userId, params.projectId);
  if (!project) throw new NotFoundError('Project not found');
  return { body: presentProject(project, config, now) };
};

export const updateProject: Handler<'updateProject', 'projects'> = async ({ params, body, user, now }, { projects, config }) => ({
  body: presentProject(await projects.update(user.userId, params.projectId, body, now), config, now),
});

export const archiveProject: Handler<'archiveProject', 'projects'> = async ({ params, user, now }, { projects, config }) => ({
  body: presentProject(await projects.archive(user.userId, params.projectId, now), config, now),
});
