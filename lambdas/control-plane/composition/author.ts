/** Provider of the spec author (offline, Bedrock or OpenAI-compatible, by configuration), metered into the usage store. */
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { SpecAuthorPort } from '../../ports/spec-author';
import { BedrockAuthor } from '../../adapters/spec-author/bedrock-author';
import { OpenAiCompatibleAuthor } from '../../adapters/spec-author/openai-compatible-author';
import { OfflineAuthor } from '../../adapters/spec-author/offline-author';
import { MeteredAuthor } from '../metered-author';
import type { Provider, ServiceContext } from './root';
import type { ControlPlanePorts } from './services';
import { usage } from './stores';

export const author: Provider<ControlPlanePorts['author']> = async (context) =>
  new MeteredAuthor(specAuthor(context), await context.provide(usage), context.clock);

function specAuthor({ config, clock }: ServiceContext): SpecAuthorPort {
  const settings = config.author;
  switch (settings.provider) {
    case 'bedrock':
      return new BedrockAuthor({ client: new BedrockRuntimeClient({ region: config.region }), modelId: settings.modelId, timeoutMs: settings.timeoutMs });
    case 'openai':
      return new OpenAiCompatibleAuthor({ baseUrl: settings.baseUrl, apiKey: settings.apiKey, model: settings.model, timeoutMs: settings.timeoutMs });
    case 'offline':
      return new OfflineAuthor(clock);
  }
}
