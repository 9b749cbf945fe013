/**
 * Addresses of AWS endpoints, built from the partition's DNS suffix (ENV.URL_SUFFIX), never from a
 * literal `amazonaws.com`: aws-cn answers under `amazonaws.com.cn`. One place for each address,
 * used by the CDK constructs (with tokens: the strings are plain templates) and the handlers.
 */

/** A DNS suffix as AWS partitions have them: dot-separated lowercase labels (`amazonaws.com`, `amazonaws.com.cn`, `c2s.ic.gov`). */
export const URL_SUFFIX_PATTERN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/** Cognito's issuer of a user pool's tokens (their `iss`). */
export function cognitoIssuerUrl(region: string, urlSuffix: string, userPoolId: string): string {
  return `https://cognito-idp.${region}.${urlSuffix}/${userPoolId}`;
}

/** Where Cognito publishes a user pool's signing keys. */
export function cognitoJwksUrl(issuer: string): string {
  return `${issuer}/.well-known/jwks.json`;
}

/**
 * The regional virtual-hosted address of an S3 object, path segments encoded (the global
 * `s3.<suffix>` form redirects outside us-east-1, which CloudFormation refuses for templates).
 */
export function s3ObjectUrl(bucket: string, region: string, urlSuffix: string, key: string): string {
  return `https://${bucket}.s3.${region}.${urlSuffix}/${key.split('/').map(encodeURIComponent).join('/')}`;
}
