/**
 * Endpoint secrets in AWS Secrets Manager: one secret per endpoint secret, named
 * `bgs/endpoints/<projectId>/<endpoint>/<uuid>` (ENDPOINT_SECRET_NAME_PREFIX), so every IAM
 * policy that touches them names that prefix and nothing else (the routes: CreateSecret and
 * DeleteSecret; the runtime, later: GetSecretValue). A new name per change, never PutSecretValue
 * on a fixed name: a deleted name stays reserved for a while in Secrets Manager, and a change made
 * as create-point-remove never leaves the table naming a secret that is not there.
 * Encrypted with the account's aws/secretsmanager key (its key policy admits Secrets Manager's own
 * callers, so the routes need no KMS permission).
 */
import { CreateSecretCommand, DeleteSecretCommand, GetSecretValueCommand, ResourceNotFoundException, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ServiceUnavailableError } from '../../core/errors';
import { ENDPOINT_SECRET_NAME_PREFIX, newEndpointSecretRef } from '../../core/outgoing/endpoint';
import type { EndpointSecretReader, EndpointSecrets } from '../../ports/endpoint-secrets';

/** A reference this store could have made: anything else is refused before a call (least surprise, least privilege). */
function checkedRef(ref: string): string {
  if (!ref.startsWith(ENDPOINT_SECRET_NAME_PREFIX)) throw new Error(`Not an endpoint secret reference: ${ref.slice(0, 60)}`);
  return ref;
}

/** A Secrets Manager outage is the client's "try again", not a 500. */
function unavailable(err: unknown): never {
  if (err instanceof Error && (err as { $fault?: string }).$fault === 'server') throw new ServiceUnavailableError('The secret store is unavailable; try again');
  if (err instanceof Error && /Throttl|LimitExceeded/.test(err.name)) throw new ServiceUnavailableError('The secret store is busy; try again');
  throw err;
}

export class SecretsManagerEndpointSecrets implements EndpointSecrets, EndpointSecretReader {
  constructor(private readonly client: SecretsManagerClient) {}

  async store(projectId: string, endpointName: string, secret: string): Promise<string> {
    const name = newEndpointSecretRef(projectId, endpointName);
    try {
      await this.client.send(new CreateSecretCommand({ Name: name, SecretString: secret, Description: `BGS: signing secret of outgoing endpoint ${endpointName} of project ${projectId}` }));
    } catch (err) {
      unavailable(err);
    }
    return name;
  }

  async remove(ref: string): Promise<void> {
    try {
      // No recovery window: the table no longer names it, and nothing could restore the link.
      await this.client.send(new DeleteSecretCommand({ SecretId: checkedRef(ref), ForceDeleteWithoutRecovery: true }));
    } catch (err) {
      if (err instanceof ResourceNotFoundException) return;
      unavailable(err);
    }
  }

  async read(ref: string): Promise<string | undefined> {
    try {
      const res = await this.client.send(new GetSecretValueCommand({ SecretId: checkedRef(ref) }));
      return res.SecretString;
    } catch (err) {
      if (err instanceof ResourceNotFoundException) return undefined;
      return unavailable(err);
    }
  }
}
