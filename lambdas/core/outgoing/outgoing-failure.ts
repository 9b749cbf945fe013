/**
 * The one failure of an outgoing request, typed so a workflow step (and later a webhook
 * delivery) can decide what to do: its retries cover a timeout or a 503, while a refused address
 * or a 404 will not get better by itself. The reason is short and safe to show to the project's
 * owner (no response body, no secret).
 */
export type OutgoingFailureKind =
  /** The host resolved to (or is) an address outgoing requests may not reach. */
  | 'refused_address'
  /** The host name did not resolve. */
  | 'dns'
  /** No connection, or it broke (refused, reset, TLS). */
  | 'network'
  | 'timeout'
  /** A 3xx: redirects are not followed (the new location was never checked). */
  | 'redirect'
  /** Any other answer outside 2xx. */
  | 'status';

export class OutgoingRequestError extends Error {
  constructor(
    readonly kind: OutgoingFailureKind,
    readonly reason: string,
    /** The HTTP status, when an answer came. */
    readonly status?: number,
  ) {
    super(status === undefined ? reason : `${reason} (HTTP ${status})`);
    this.name = 'OutgoingRequestError';
  }

  /** Whether trying again later may succeed: timeouts, broken connections, 408, 425, 429 and 5xx. */
  get retryable(): boolean {
    if (this.kind === 'timeout' || this.kind === 'network' || this.kind === 'dns') return true;
    if (this.kind === 'status' && this.status !== undefined) return this.status >= 500 || [408, 425, 429].includes(this.status);
    return false;
  }
}
