/**
 * How version 1 of a new project's spec gets written (CONTRACT "Project"). The offline author
 * answers at once, so the project is created with version 1 (`at-once`). A language model may
 * need longer than a request lasts (API Gateway ends it at 30 s), so the project is created
 * `writing` and a spec writer writes version 1 in the background (`background`): on AWS an
 * asynchronous invocation of the writer function (lambda-spec-writer.ts), locally a run in the
 * service's own process (local-spec-writer.ts). Both run writeFirstVersion (write-first-version.ts).
 */
import type { InitialSpec } from '../../ports/project-repository';

export interface SpecWriter {
  /** Starts writing version 1 of a project created `writing`. Starting it twice is harmless: the writer claims a project once. */
  start(projectId: string): Promise<void>;
}

export type SpecWriting =
  | {
      readonly mode: 'at-once';
      /** Version 1 from the description, within the request (draftFirstVersion with the offline author). */
      draft(ownerId: string, projectId: string, project: { readonly name: string; readonly description: string }): Promise<InitialSpec>;
    }
  | { readonly mode: 'background'; readonly writer: SpecWriter };
