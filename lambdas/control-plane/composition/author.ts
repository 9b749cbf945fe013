/** Provider of the spec author (offline, Bedrock or OpenAI-compatible, by configuration), metered into the usage store. */
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { SpecAuthorPort } from '../../ports/spec-author';
import { BedrockAuthor } from '../../adapters/spec-author/bedrock-author';
import { OpenAiCompatibleAuthor } from '../../adapters/spec-author/openai-compatible-author';
import { OfflineAuthor } from '../../adapters/spec-author/offline-author';
import { MeteredAuthor } from '../metered-author';
import { SPEC_WRITER } from '../spec-writing/spec-writer-function';
import type { Provider, ServiceContext } from './root';
import type { ControlPlanePorts } from './services';
import { usage } from './stores';

/** The author of the routes: a model call must end within the request (the configured deadline, 25 s by default). */
export const author: Provider<ControlPlanePorts['author']> = async (context) => new MeteredAuthor(specAuthor(context), await context.provide(usage), context.clock);

/** The author of the spec writer (version 1 in the background): no request waits, so the model gets the writer's far longer deadline. */
export const writerAuthor: Provider<ControlPlanePorts['author']> = async (context) =>
  new MeteredAuthor(specAuthor(context, SPEC_WRITER.modelDeadlineMs), await context.provide(usage), context.clock);

/** @param deadlineMs the model's deadline, repair included, instead of the configured one (the offline author has none). */
function specAuthor({ config, clock }: ServiceContext, deadlineMs?: number): SpecAuthorPort {
  const settings = config.author;
  switch (settings.provider) {
    case 'bedrock':
      return new BedrockAuthor({ client: new BedrockRuntimeClient({ region: config.region }), modelId: settings.modelId, timeoutMs: deadlineMs ?? settings.timeoutMs });
    case 'openai':
      return new OpenAiCompatibleAuthor({ baseUrl: settings.baseUrl, apiKey: settings.apiKey, model: settings.model, timeoutMs: deadlineMs ?? settings.timeoutMs });
    case 'offline':
      return new OfflineAuthor(clock);
  }
}
