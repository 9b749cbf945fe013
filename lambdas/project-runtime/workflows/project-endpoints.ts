/**
 * A project's named outgoing endpoints as its workflows' `call` steps read them: the URL the
 * project's owner set on the control plane (ports/endpoint-repository.ts) and its secret, read
 * only here, at the moment of sending (ports/endpoint-secrets.ts).
 */
import type { EndpointRepository } from '../../ports/endpoint-repository';
import type { EndpointSecretReader } from '../../ports/endpoint-secrets';
import type { OutgoingEndpoints } from './task-actions';

export function projectEndpoints(repository: Pick<EndpointRepository, 'get'>, secrets: EndpointSecretReader, projectId: string): OutgoingEndpoints {
  return {
    resolve: async (name) => {
      const endpoint = await repository.get(projectId, name);
      if (!endpoint) return null;
      const secret = endpoint.secretRef ? await secrets.read(endpoint.secretRef) : undefined;
      return { url: endpoint.url, ...(secret !== undefined ? { secret } : {}) };
    },
  };
}
