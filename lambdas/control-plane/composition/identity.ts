/** Provider of the control plane's identity: Cognito on AWS, the local identity locally (by configuration). */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { CognitoIdentity } from '../../adapters/identity/cognito-identity';
import { LocalIdentity } from '../../adapters/identity/local-identity';
import { loadOrCreateSigningKeys } from '../../adapters/identity/signing-keys';
import { LocalOutbox } from '../../adapters/local-outbox';
import type { Provider } from './root';
import type { ControlPlanePorts } from './services';

export const identity: Provider<ControlPlanePorts['identity']> = async ({ config, doc, clock }) => {
  const settings = config.identity;
  if (settings.mode === 'cognito') {
    return new CognitoIdentity({ client: new CognitoIdentityProviderClient({ region: config.region }), clientId: settings.clientId });
  }
  return new LocalIdentity({
    doc,
    tableName: settings.tableName,
    keys: await loadOrCreateSigningKeys(settings.keysFile),
    poolId: settings.userPoolId,
    clientId: settings.clientId,
    issuer: config.tokenIssuer,
    outbox: new LocalOutbox({ doc, tableName: settings.tableName, clock }),
    projectId: null,
    autoConfirm: settings.autoConfirm,
    clock,
  });
};
