/** Types shared by the route pipeline (lambdas/shared/route-handler.ts) and its middlewares. */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Logger } from '@aws-lambda-powertools/logger';
import type { Clock } from '../core/clock';
import type { RateDecision, RateLimits } from '../core/rate-limit';
import type { RateLimiter } from '../ports/rate-limiter';
import type { AccessTokenVerifier, VerifiedAccessToken } from './access-token-verifier';

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;
export type { Context };

/** What the outermost middleware (http-frame.ts) needs of any API's services. */
export interface FrameServices {
  readonly clock: Clock;
  readonly logger: Logger;
}

/** What the control plane's services provide to the shared pipeline. */
export interface PipelineServices extends FrameServices {
  readonly verifyAccessToken: AccessTokenVerifier;
  readonly rateLimiter: RateLimiter;
  readonly config: { readonly rateLimits: RateLimits };
}

/** Per-request state the middlewares fill in, in order. */
export interface RequestState<S extends FrameServices = PipelineServices> {
  services?: S;
  startedAt?: number;
  /** Parsed JSON body (only on routes that declare a body). */
  json?: unknown;
  accessToken?: string;
  user?: VerifiedAccessToken;
  rate?: RateDecision;
  input?: { params: unknown; query: unknown; body: unknown };
}

export interface Internal<S extends FrameServices = PipelineServices> extends Record<string, unknown> {
  bgs: RequestState<S>;
}

/** What a use case returns; `status` defaults to the route's success status. */
export interface HandlerResult {
  readonly status?: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** A non-JSON body (e.g. a document served as-is); bytes are sent base64-encoded, as API Gateway expects binary answers. */
  readonly raw?: { readonly body: string | Uint8Array; readonly contentType: string };
}

/** Where the request state is attached to the Lambda context for the final handler. */
export const STATE = Symbol('bgs.requestState');
export type StatefulContext<S extends FrameServices = PipelineServices> = Context & { [STATE]: RequestState<S> };
