/** Spec lifecycle: read, chat drafts, apply (versioned), conversation, versions. */
import { decodeCursor, encodeCursor } from '../../core/cursor';
import { NotFoundError, SpecHasNoEntitiesError } from '../../core/errors';
import { describesNoEntities, NO_ENTITIES_MESSAGE } from '../../core/spec/check-spec';
import { parseSpecOrThrow } from '../../core/spec/parse-spec';
import { conversationIdOf } from '../../core/conversation-id';
import type { Project } from '../../ports/project-repository';
import type { Spec } from '../../ports/spec-repository';
import type { UseCase } from '../../shared/route-handler';
import { CONTROL_PLANE_ROUTES as R } from '../routes';
import { DEFAULT_HISTORY_LIMIT, DEFAULT_PAGE_SIZE } from '../schemas';
import type { ControlPlanePorts, ServicesWith } from '../composition/services';
import { requireSpecReady } from '../spec-writing/spec-status';

type Routes = typeof R;
/** A use case of route K over the ports P it names (the route's handler provides exactly those). */
type Handler<K extends keyof Routes, P extends keyof ControlPlanePorts = never> = UseCase<Routes[K], ServicesWith<P>>;

/** How much of the conversation the author sees with a chat message. */
const CHAT_CONTEXT_MESSAGES = 20;

async function latestSpec(services: ServicesWith<'specs'>, project: Project): Promise<Spec> {
  const spec = project.latestSpecVersion ? await services.specs.get(project.id, project.latestSpecVersion) : null;
  if (!spec) throw new NotFoundError('This project has no spec yet');
  return spec;
}

export const getSpec: Handler<'getSpec', 'projects' | 'specs'> = async ({ params, user, now }, services) => {
  const project = await services.projects.getOwned(user.userId, params.projectId);
  requireSpecReady(project, now);
  const spec = await latestSpec(services, project);
  return { body: { spec, project: { id: project.id, name: project.name } } };
};

export const chatSpec: Handler<'chatSpec', 'author' | 'conversations' | 'projects' | 'specs'> = async ({ params, body, user, now }, services) => {
  const project = await services.projects.getWritable(user.userId, params.projectId);
  requireSpecReady(project, now);
  const current = await latestSpec(services, project);
  const history = await services.conversations.history(project.id, CHAT_CONTEXT_MESSAGES);
  const draft = await services.author.edit(user.userId, project.id, {
    projectName: project.name,
    currentSpec: current.content,
    message: body.message,
    history: history.map(({ role, content }) => ({ role, content })),
  });
  // Only a successful reply is recorded: a failed model call leaves the conversation as it was.
  await services.conversations.append(project.id, [{ role: 'user', content: body.message }, { role: 'assistant', content: draft.assistantMessage }], now);
  return {
    body: {
      spec: draft.content,
      previousSpec: current.content,
      assistantMessage: draft.assistantMessage,
      currentVersion: current.version,
      conversationId: conversationIdOf(project.id),
    },
  };
};

export const applySpec: Handler<'applySpec', 'projects' | 'specs'> = async ({ params, body, user, now }, services) => {
  // Refuse what does not parse (400), or a draft with nothing to build yet (422), before touching the project: nothing is saved.
  // While version 1 is being written, 409; after a failed write, the applied spec becomes version 1.
  requireSpecReady(await services.projects.getWritable(user.userId, params.projectId), now, { failedOk: true });
  if (describesNoEntities(parseSpecOrThrow(body.content))) throw new SpecHasNoEntitiesError(NO_ENTITIES_MESSAGE);
  const spec = await services.specs.append({
    ownerId: user.userId,
    projectId: params.projectId,
    content: body.content,
    lastUserMessage: body.lastUserMessage ?? null,
    baseVersion: body.baseVersion,
    now: () => services.clock.now(),
  });
  return { body: { spec, message: `Saved as version ${spec.version}` } };
};

export const chatHistory: Handler<'chatHistory', 'conversations' | 'projects'> = async ({ params, query, user }, services) => {
  const project = await services.projects.getOwned(user.userId, params.projectId);
  const messages = await services.conversations.history(project.id, query.limit ?? DEFAULT_HISTORY_LIMIT);
  return { body: { conversationId: conversationIdOf(project.id), messages } };
};

export const postChatMessage: Handler<'postChatMessage', 'conversations' | 'projects'> = async ({ params, body, user, now }, services) => {
  const project = await services.projects.getWritable(user.userId, params.projectId);
  requireSpecReady(project, now);
  const [message] = await services.conversations.append(project.id, [{ role: body.role, content: body.content }], now);
  return { body: { message, conversationId: conversationIdOf(project.id) } };
};

export const listSpecVersions: Handler<'listSpecVersions', 'cursorSecret' | 'projects' | 'specs'> = async ({ params, query, user, now }, services) => {
  const project = await services.projects.getOwned(user.userId, params.projectId);
  requireSpecReady(project, now);
  const scope = `spec-versions:${project.id}`;
  const secret = await services.cursorSecret();
  const startKey = query.cursor ? decodeCursor(query.cursor, scope, secret) : undefined;
  const page = await services.specs.list(project.id, query.limit ?? DEFAULT_PAGE_SIZE, startKey);
  return {
    body: {
      items: page.items.map(({ content, ...summary }) => ({ ...summary, contentLength: content.length })),
      nextCursor: page.lastKey ? encodeCursor(page.lastKey, scope, secret) : null,
    },
  };
};

export const getSpecVersion: Handler<'getSpecVersion', 'projects' | 'specs'> = async ({ params, user, now }, services) => {
  const project = await services.projects.getOwned(user.userId, params.projectId);
  requireSpecReady(project, now);
  const spec = await services.specs.get(project.id, params.version);
  if (!spec) throw new NotFoundError(`Spec version ${params.version} not found`);
  return { body: spec };
};
