/**
 * A project's outgoing endpoints as the control-plane table keeps them (the secret itself lives
 * behind EndpointSecrets; the item holds only its reference). Ownership is checked by the caller
 * through ProjectRepository first: endpoints are items of an owned project.
 * DynamoDB: lambdas/adapters/dynamodb/endpoint-repository.ts.
 */
export interface EndpointRecord {
  readonly projectId: string;
  readonly name: string;
  readonly url: string;
  /** Where the secret is stored (EndpointSecrets); null: the endpoint has none. Never answered. */
  readonly secretRef: string | null;
  readonly updatedAt: string;
}

/** What a write expects to replace: nothing, or the endpoint as read (its secret reference). */
export type EndpointExpectation = { readonly exists: false } | { readonly exists: true; readonly secretRef: string | null };

export interface EndpointRepository {
  get(projectId: string, name: string): Promise<EndpointRecord | null>;
  /** Every endpoint of the project, by name. */
  list(projectId: string): Promise<EndpointRecord[]>;
  /** Writes the endpoint if it is still as `expected` says; false if another write came first. */
  put(record: EndpointRecord, expected: EndpointExpectation): Promise<boolean>;
  /** Removes the endpoint; what it was, or null if there was none. */
  delete(projectId: string, name: string): Promise<EndpointRecord | null>;
}
