/**
 * Writing version 1 of a project's spec from its description. draftFirstVersion is what both
 * paths write (the offline author within the request, a language model in the background);
 * writeFirstVersion is the background writer's run (the writer function on AWS, the local
 * service's process locally).
 */
import { HttpError } from '../../core/errors';
import type { InitialSpec } from '../../ports/project-repository';
import type { MeteredAuthor } from '../metered-author';
import type { ServicesWith } from '../composition/services';
import { SPEC_WRITER } from './spec-writer-function';

/**
 * Version 1 from the description: the author's draft, and its account of the draft (what it
 * understood, what not) as the first message of the project's conversation. The author is
 * metered, so a failed call is recorded too.
 */
export async function draftFirstVersion(author: MeteredAuthor, ownerId: string, projectId: string, project: { readonly name: string; readonly description: string }): Promise<InitialSpec> {
  const draft = await author.draft(ownerId, projectId, { projectName: project.name, description: project.description });
  return { content: draft.content, lastUserMessage: null, assistantMessage: draft.assistantMessage };
}

/** What the writer works with (the writer's services, composition/spec-writer-services.ts, have these). */
export type SpecWriterServices = Pick<ServicesWith<'author' | 'projects'>, 'author' | 'projects' | 'clock' | 'logger'>;

/** `skipped`: nothing to write (written or failed before, another run has it, started too late, or a spec was saved meanwhile). */
export type FirstVersionOutcome = 'written' | 'failed' | 'skipped';

/** What the user reads as specError when the writer failed for a reason that is not theirs to see (a storage error). */
export const UNEXPECTED_WRITE_FAILURE = 'An unexpected error stopped it';

/**
 * Writes version 1 of a project created `writing`, at most once: the project is claimed first
 * (a repeated or late invocation finds it claimed, or past its start window, and does nothing).
 * The model's failure (503, metered) or a spec too large for a version (413) ends the project
 * `failed` with that message; any other error with a generic one (logged in full).
 */
export async function writeFirstVersion(services: SpecWriterServices, projectId: string): Promise<FirstVersionOutcome> {
  const { projects, author, clock, logger } = services;
  const startedAt = clock.now();
  const claim = await projects.claimSpecWriting(projectId, startedAt, new Date(startedAt.getTime() - SPEC_WRITER.startWindowSeconds * 1000));
  if (!claim) {
    logger.info('spec writer: nothing to write', { projectId });
    return 'skipped';
  }
  try {
    const initialSpec = await draftFirstVersion(author, claim.ownerId, projectId, claim.project);
    return (await projects.recordFirstVersion(projectId, clock.now(), initialSpec)) ? 'written' : 'skipped';
  } catch (err) {
    // Model failures carry a message safe to show (never provider text); so do the client errors.
    const shown = err instanceof HttpError && (err.statusCode < 500 || err.code === 'MODEL_UNAVAILABLE') ? err.message : UNEXPECTED_WRITE_FAILURE;
    logger.error('spec writer: writing version 1 failed', { projectId, error: err as Error });
    await projects.failSpecWriting(projectId, clock.now(), shown);
    return 'failed';
  }
}
