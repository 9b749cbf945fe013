/**
 * The one way BGS sends a request to a URL someone else named: workflow `call` steps now,
 * webhooks later. The adapter (lambdas/adapters/outgoing/https-sender.ts) signs the body
 * (core/outgoing/signature.ts), refuses private and metadata addresses, pins the connection to
 * the address it checked, and turns every failure into an OutgoingRequestError.
 */
import type { OutgoingRequestError } from '../core/outgoing/outgoing-failure';

export type { OutgoingRequestError };

export interface OutgoingRequest {
  readonly url: string;
  /** Serialized as JSON once; those exact bytes are signed and sent. */
  readonly body: unknown;
  /** @default 'POST' */
  readonly method?: 'POST' | 'PUT' | 'PATCH';
  /** The endpoint's secret: with it the request carries X-BGS-Signature. */
  readonly secret?: string;
  /** The same on every retry of one delivery (receivers dedupe on it). @default a new UUID */
  readonly deliveryId?: string;
}

export interface OutgoingResponse {
  /** A 2xx status. */
  readonly status: number;
  readonly deliveryId: string;
  /** The answer's body as text, at most the sender's cap. */
  readonly body: string;
  /** The body was longer than the cap and was cut there. */
  readonly truncated: boolean;
  /** The address the request was sent to (after the checks). */
  readonly address: string;
}

export interface OutgoingSender {
  /** Sends one attempt. A non-2xx answer, a timeout, a refused address: throws OutgoingRequestError. */
  send(request: OutgoingRequest): Promise<OutgoingResponse>;
}
