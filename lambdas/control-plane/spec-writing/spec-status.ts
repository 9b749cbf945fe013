/**
 * Whether a project's spec version 1 is there yet, as the routes that need it ask (CONTRACT
 * "Project": until it is ready, spec reads and chat answer 409 NOT_READY), and the one rule that
 * ends a crashed writer: a project still `writing` past SPEC_WRITING_GIVE_UP_MS reads as failed.
 */
import { NotReadyError } from '../../core/errors';
import type { Project } from '../../ports/project-repository';
import { SPEC_WRITING_GIVE_UP_MS } from './spec-writer-function';

export const SPEC_WRITING_TIMED_OUT = 'Writing it took too long (its writer stopped before it ended)';

/** The project as it stands at `now`: one still `writing` when no writer can be running any more is failed. */
export function specStatusAt(project: Project, now: Date): Project {
  if (project.specStatus !== 'writing' || now.getTime() - Date.parse(project.createdAt) <= SPEC_WRITING_GIVE_UP_MS) return project;
  return { ...project, specStatus: 'failed', specError: SPEC_WRITING_TIMED_OUT };
}

/**
 * 409 NOT_READY unless the project's spec version 1 is written, saying what to do. `failedOk`:
 * a failed project passes (apply saves a spec of the user's as version 1, which makes it ready).
 */
export function requireSpecReady(project: Project, now: Date, options: { failedOk?: boolean } = {}): void {
  const { specStatus, specError } = specStatusAt(project, now);
  if (specStatus === 'ready' || (specStatus === 'failed' && options.failedOk)) return;
  if (specStatus === 'writing') {
    throw new NotReadyError(`Version 1 of the spec is still being written from the description; try again in a moment (GET /projects/${project.id} shows its specStatus)`);
  }
  throw new NotReadyError(
    `Writing version 1 of the spec from the description failed: ${specError ?? 'no reason was recorded'}. ` +
      `Save a spec with POST /projects/${project.id}/spec/apply (it becomes version 1), or create the project again`,
  );
}
