/**
 * What the Cognito adapter adds to a request as the app client, for threat protection (issue 28
 * item 4): the caller's context (UserContextData) and, for a client with a secret, the secret's
 * proof (SECRET_HASH). Cognito takes the caller's address in UserContextData only from a client
 * with a secret and `EnablePropagateAdditionalUserContextData` (the control plane's: see
 * lib/control-plane/control-plane-identity.ts); without them it sees the server's address.
 *
 * The secret is never configured anywhere: the handler reads it from Cognito itself
 * (DescribeUserPoolClient, IAM on the pool for the routes that need it) at its first use, once
 * per execution environment.
 */
import { createHmac } from 'node:crypto';
import { DescribeUserPoolClientCommand, type CognitoIdentityProviderClient, type UserContextDataType } from '@aws-sdk/client-cognito-identity-provider';
import type { CallerContext } from '../../ports/identity';

/** Where the adapter gets the app client's secret when it needs it. */
export type ClientSecretSource = () => Promise<string>;

/** Cognito's SECRET_HASH: Base64(HMAC-SHA256(secret, username + client id)). */
export function secretHash(secret: string, username: string, clientId: string): string {
  return createHmac('sha256', secret).update(username + clientId).digest('base64');
}

/** The caller as Cognito's UserContextData (the encoded data only when the client sent some). */
export function userContextData(caller: CallerContext): UserContextDataType {
  return { IpAddress: caller.ipAddress, ...(caller.encodedData ? { EncodedData: caller.encodedData } : {}) };
}

/**
 * The client's secret, read from Cognito at the first call and kept; a failed read is not kept,
 * so the next request tries again.
 */
export function describedClientSecret(client: CognitoIdentityProviderClient, userPoolId: string, clientId: string): ClientSecretSource {
  let secret: Promise<string> | undefined;
  return () => {
    secret ??= client.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId })).then((out) => {
      const value = out.UserPoolClient?.ClientSecret;
      if (!value) throw new Error(`The app client ${clientId} of ${userPoolId} has no secret, though the configuration says it has one`);
      return value;
    });
    return secret.catch((err: unknown) => {
      secret = undefined;
      throw err;
    });
  };
}
