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

type Routes = typeof R;
/** A use case of route K over the ports P it names (the route's handler provides exactly those). */
type Handler<K extends keyof Routes, P extends keyof ControlPlanePorts = never> = UseCase<Routes[K], ServicesWith<P>>;

/** A project as answered: its API address (stored as a path once deployed) as a full URL. */
export function presentProject(project: Project, config: ControlPlaneConfig): Project {
  return { ...project, apiBaseUrl: absoluteUrl(config, project.apiBaseUrl) };
}

export const listProjects: Handler<'listProjects', 'cursorSecret' | 'projects'> = async ({ query, user }, { projects, cursorSecret, config }) => {
  const status = query.status ?? 'active';
  // A cursor is valid only for the list it came from: this user's projects with this status.
  const scope = `projects:${user.userId}:${status}`;
  const secret = await cursorSecret();
  const startKey = query.cursor ? decodeCursor(query.cursor, scope, secret) : undefined;
  const page = await projects.list(user.userId, status, query.limit ?? DEFAULT_PAGE_SIZE, startKey);
  return { body: { items: page.items.map((project) => presentProject(project, config)), nextCursor: page.lastKey ? encodeCursor(page.lastKey, scope, secret) : null } };
};

export const createProject: Handler<'createProject', 'author' | 'projects'> = async ({ body, user, now }, { projects, author, config }) => {
  const projectId = randomUUID();
  // Spec version 1 comes from the description; if the author fails (503), nothing is created.
  const draft = await author.draft(user.userId, projectId, { projectName: body.name, description: body.description });
  // The author's account of the draft (what it understood, what not) opens the project's conversation.
  const initialSpec = { content: draft.content, lastUserMessage: null, assistantMessage: draft.assistantMessage };
  const project = await projects.create(user.userId, body, now, initialSpec, projectId);
  return { body: presentProject(project, config) };
};

export const getProject: Handler<'getProject', 'projects'> = async ({ params, user }, { projects, config }) => {
  const project = await projects.get(user.userId, params.projectId);
  if (!project) throw new NotFoundError('Project not found');
  return { body: presentProject(project, config) };
};

export const updateProject: Handler<'updateProject', 'projects'> = async ({ params, body, user, now }, { projects, config }) => ({
  body: presentProject(await projects.update(user.userId, params.projectId, body, now), config),
});

export const archiveProject: Handler<'archiveProject', 'projects'> = async ({ params, user, now }, { projects, config }) => ({
  body: presentProject(await projects.archive(user.userId, params.projectId, now), config),
});
