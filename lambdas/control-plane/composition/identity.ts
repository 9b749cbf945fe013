/** Provider of the control plane's identity: Cognito on AWS, the local identity locally (by configuration). */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { describedClientSecret } from '../../adapters/identity/cognito-app-client';
import { CognitoIdentity } from '../../adapters/identity/cognito-identity';
import { LocalIdentity } from '../../adapters/identity/local-identity';
import { loadOrCreateSigningKeys } from '../../adapters/identity/signing-keys';
import { LocalOutbox } from '../../adapters/local-outbox';
import type { Provider } from './root';
import type { ControlPlanePorts } from './services';

export const identity: Provider<ControlPlanePorts['identity']> = async ({ config, doc, clock }) => {
  const settings = config.identity;
  if (settings.mode === 'cognito') {
    const client = new CognitoIdentityProviderClient({ region: config.region });
    // The control plane's client has a secret, so Cognito takes the caller's address (threat protection).
    const clientSecret = settings.clientHasSecret ? describedClientSecret(client, settings.userPoolId, settings.clientId) : undefined;
    return new CognitoIdentity({ client, clientId: settings.clientId, ...(clientSecret ? { clientSecret } : {}) });
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
