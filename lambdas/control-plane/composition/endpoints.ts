/**
 * Providers of outgoing endpoints: the table items, and their secrets in the store the
 * configuration names (Secrets Manager on AWS, the data directory's encrypted files locally).
 */
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DynamoEndpointRepository } from '../../adapters/dynamodb/endpoint-repository';
import { LocalEndpointSecrets } from '../../adapters/secrets/local-endpoint-secrets';
import { SecretsManagerEndpointSecrets } from '../../adapters/secrets/secrets-manager-endpoint-secrets';
import type { Provider } from './root';
import type { ControlPlanePorts } from './services';

export const endpoints: Provider<ControlPlanePorts['endpoints']> = ({ doc, config }) => new DynamoEndpointRepository(doc, config.tableName);

export const endpointSecrets: Provider<ControlPlanePorts['endpointSecrets']> = ({ config }) => {
  const store = config.outgoing.secrets;
  return store.store === 'local' ? new LocalEndpointSecrets(store.dataDir) : new SecretsManagerEndpointSecrets(new SecretsManagerClient({ region: config.region }));
};
