/**
 * Builds a Lambda handler for one manifest route: middy with the middlewares first and the use
 * case last. Which middlewares run follows from the route entry (a body schema -> JSON parsing;
 * `auth: 'user'` -> token check; a rate category -> the counter), so a handler file is one line.
 */
import middy from '@middy/core';
import type * as z from 'zod';
import type { RouteDefinition } from '../control-plane/routes';
import type { VerifiedAccessToken } from './access-token-verifier';
import { STATE, type Context, type HandlerResult, type HttpEvent, type HttpResult, type Internal, type PipelineServices, type StatefulContext } from './http-types';
import { authenticate } from './middleware/authenticate';
import { httpFrame } from './middleware/http-frame';
import { jsonBody } from './middleware/json-body';
import { rateLimit } from './middleware/rate-limit';
import { validateRequest } from './middleware/validate-request';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteInput<R extends RouteDefinition> {
  readonly params: Out<R['params']>;
  readonly query: Out<R['query']>;
  readonly body: Out<R['body']>;
  /** The verified caller; present exactly on `auth: 'user'` routes. */
  readonly user: R['auth'] extends 'user' ? VerifiedAccessToken : undefined;
  readonly accessToken: R['auth'] extends 'user' ? string : undefined;
  readonly now: Date;
  readonly requestId: string;
  readonly sourceIp: string;
  readonly event: HttpEvent;
}

export type UseCase<R extends RouteDefinition, S> = (input: RouteInput<R>, services: S) => Promise<HandlerResult>;

export type RouteHandler = (event: HttpEvent, context: Context) => Promise<HttpResult>;

export function createRouteHandler<R extends RouteDefinition, S extends PipelineServices>(
  route: R,
  useCase: UseCase<R, S>,
  getServices: () => Promise<S>,
): RouteHandler {
  const handler = middy<HttpEvent, HttpResult, Error, Context, Internal<S>>().use(
    httpFrame(`${route.method} ${route.path}`, route.success.status, getServices),
  );
  const pipeline = handler as unknown as middy.MiddyfiedHandler<HttpEvent, HttpResult, Error, Context, Internal>;
  if (route.body) pipeline.use(jsonBody({ optional: route.bodyOptional === true }));
  if (route.auth === 'user') pipeline.use(authenticate());
  if (route.rate) pipeline.use(rateLimit(route.rate));
  pipeline.use(validateRequest(route));
  // The use case runs as middy's handler, last; the state the middlewares built travels on
  // the Lambda context (middy hands the handler only the event and the context).
  handler.handler(async (event, context) => {
    const state = (context as StatefulContext<S>)[STATE];
    const services = state.services as S;
    const input = {
      ...(state.input as { params: unknown; query: unknown; body: unknown }),
      user: state.user,
      accessToken: state.accessToken,
      now: services.clock.now(),
      requestId: context.awsRequestId,
      sourceIp: event.requestContext.http.sourceIp,
      event,
    } as unknown as RouteInput<R>;
    return (await useCase(input, services)) as unknown as HttpResult;
  });
  return handler as unknown as RouteHandler;
}
