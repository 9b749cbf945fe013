/** Verifies the bearer access token on routes that need a user (see access-token-verifier.ts). */
import type { MiddlewareObj } from '@middy/core';
import { bearerToken } from '../access-token-verifier';
import type { Context, HttpEvent, HttpResult, Internal } from '../http-types';

export function authenticate(): MiddlewareObj<HttpEvent, HttpResult, Error, Context, Internal> {
  return {
    name: 'authenticate',
    before: async (request) => {
      const state = request.internal.bgs;
      const token = bearerToken(request.event.headers?.authorization ?? request.event.headers?.Authorization);
      state.accessToken = token;
      state.user = await state.services!.verifyAccessToken(token);
    },
  };
}
