/**
 * The caller of an auth route as the identity port's CallerContext (issue 28 item 4): the address
 * API Gateway saw (`requestContext.http.sourceIp`; the local gateway sets the socket's), and the
 * device data a client collected for Cognito threat protection, sent in USER_CONTEXT_DATA_HEADER.
 */
import { ValidationError } from '../core/errors';
import type { CallerContext } from '../ports/identity';
import type { HttpEvent } from './http-types';

/**
 * The request header carrying the string `AmazonCognitoAdvancedSecurityData.getData(email,
 * userPoolId, clientId)` returns in a browser that loaded Cognito's context-data script
 * (amazon-cognito-advanced-security-data.min.js): what Amplify sends Cognito as
 * `UserContextData.EncodedData`. Optional; header names arrive lowercased (HTTP API v2).
 */
export const USER_CONTEXT_DATA_HEADER = 'x-user-context-data';

/**
 * Its longest accepted value. The script's data is a few kilobytes; API Gateway takes 10 KB of
 * request line and headers together, so anything longer could not have arrived there whole.
 */
export const USER_CONTEXT_DATA_MAX_LENGTH = 8192;

/** The caller; 400 for device data over USER_CONTEXT_DATA_MAX_LENGTH. */
export function callerContext(input: { readonly sourceIp: string; readonly event: HttpEvent }): CallerContext {
  const encodedData = input.event.headers?.[USER_CONTEXT_DATA_HEADER]?.trim();
  if (encodedData && encodedData.length > USER_CONTEXT_DATA_MAX_LENGTH) {
    throw new ValidationError(`The ${USER_CONTEXT_DATA_HEADER} header is too long`, [
      { path: `headers.${USER_CONTEXT_DATA_HEADER}`, message: `At most ${USER_CONTEXT_DATA_MAX_LENGTH} characters` },
    ]);
  }
  return { ipAddress: input.sourceIp, ...(encodedData ? { encodedData } : {}) };
}
