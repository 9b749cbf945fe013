/**
 * Provider of how POST /projects writes spec version 1 (spec-writing/spec-writer.ts): with the
 * offline author, within the request; with a language model, in the background: the writer
 * function on AWS (configured by its name), the local service's in-process writer locally
 * (handed in). The route never calls a model itself, so its bundle holds no model client.
 */
import { LambdaClient } from '@aws-sdk/client-lambda';
import { OfflineAuthor } from '../../adapters/spec-author/offline-author';
import { ENV } from '../../shared/env';
import { MeteredAuthor } from '../metered-author';
import { draftFirstVersion } from '../spec-writing/first-version';
import { LambdaSpecWriter } from '../spec-writing/lambda-spec-writer';
import type { Provider } from './root';
import type { ControlPlanePorts } from './services';
import { usage } from './stores';

export const specWriting: Provider<ControlPlanePorts['specWriting']> = async (context) => {
  const { config, setup, clock } = context;
  if (config.author.provider === 'offline') {
    // Metered as every author is (composition/author.ts), although the offline author costs nothing.
    const author = new MeteredAuthor(new OfflineAuthor(clock), await context.provide(usage), clock);
    return { mode: 'at-once', draft: (ownerId, projectId, project) => draftFirstVersion(author, ownerId, projectId, project) };
  }
  if (config.specWriterFunction) return { mode: 'background', writer: new LambdaSpecWriter(new LambdaClient({ region: config.region }), config.specWriterFunction) };
  if (setup.specWriter) return { mode: 'background', writer: setup.specWriter };
  throw new Error(`No spec writer for ${config.author.provider}: configure ${ENV.SPEC_WRITER_FUNCTION}, or run in the local service (which writes specs in process)`);
};
