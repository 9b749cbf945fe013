/**
 * Where the signing secrets of outgoing endpoints are kept, encrypted: Secrets Manager on AWS
 * (lambdas/adapters/secrets/secrets-manager-endpoint-secrets.ts), an AES-256-GCM file store in
 * the data directory locally (lambdas/adapters/secrets/local-endpoint-secrets.ts).
 *
 * Each stored secret gets a reference of its own (a new one on every change), kept in the
 * endpoint's table item: a changed secret is a new secret, then the item is pointed at it, then
 * the old one removed, so a reader never sees an item naming a secret that is not there yet.
 */
export interface EndpointSecrets {
  /** Stores `secret` for the endpoint; its new reference. */
  store(projectId: string, endpointName: string, secret: string): Promise<string>;
  /** Removes a stored secret; one already gone is not an error. */
  remove(ref: string): Promise<void>;
}

/**
 * Reading a secret, for sending only (the project runtime signs with it). Apart from
 * EndpointSecrets so a principal that sends holds no write, and a route that writes no read.
 */
export interface EndpointSecretReader {
  /** The secret, or undefined when the reference names nothing (removed meanwhile). */
  read(ref: string): Promise<string | undefined>;
}
