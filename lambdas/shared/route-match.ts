/**
 * Matching a request to a route of a manifest, as API Gateway's HTTP APIs do (`{param}` path
 * segments, `{param+}` greedy), and THE answer when nothing matches, shared by both APIs on AWS
 * (their `$default` routes) and by the local gateway: a path no route has is 404 `NOT_FOUND`; a
 * path some route has, with another method, is 405 `METHOD_NOT_ALLOWED` with an `Allow` header.
 */
import { MethodNotAllowedError, NotFoundError, type HttpError } from '../core/errors';

export interface RouteShape {
  readonly method: string;
  /** API Gateway path syntax: `/projects/{id}`. */
  readonly path: string;
}

export interface CompiledRoute<T extends RouteShape> {
  readonly route: T;
  readonly pattern: RegExp;
  readonly names: readonly string[];
}

export interface RouteMatch<T extends RouteShape> {
  readonly route: T;
  readonly pathParameters: Record<string, string>;
}

export function compileRoutes<T extends RouteShape>(routes: readonly T[]): CompiledRoute<T>[] {
  return routes.map((route) => {
    const names: string[] = [];
    const source = route.path
      .split('/')
      .map((segment) => {
        const param = /^\{([A-Za-z0-9_]+)(\+?)\}$/.exec(segment);
        if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(param[1] as string);
        return param[2] ? '(.+)' : '([^/]+)';
      })
      .join('/');
    return { route, pattern: new RegExp(`^${source}$`), names };
  });
}

/**
 * A path segment decoded as API Gateway decodes path parameters, or null when its
 * percent-encoding is broken (`%zz`, a cut `%E0%A4`, an encoded lone surrogate `%ED%A0%80`):
 * such a path names nothing, and is answered 400 rather than handed on.
 */
export function decodePathSegment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The route for a method and path; or the methods the path allows (405); or null (404). Call with a path whose encoding is valid. */
export function matchRoute<T extends RouteShape>(compiled: readonly CompiledRoute<T>[], method: string, path: string): RouteMatch<T> | { allowed: string[] } | null {
  const allowed: string[] = [];
  for (const { route, pattern, names } of compiled) {
    const m = pattern.exec(path);
    if (!m) continue;
    if (route.method !== method) {
      allowed.push(route.method);
      continue;
    }
    const pathParameters: Record<string, string> = {};
    names.forEach((name, i) => {
      const raw = m[i + 1] as string;
      pathParameters[name] = decodePathSegment(raw) ?? raw;
    });
    return { route, pathParameters };
  }
  return allowed.length > 0 ? { allowed } : null;
}

/** The answer to a request no route of the manifest takes: 405 with `Allow` when the path exists, else 404. */
export function unmatchedRouteError<T extends RouteShape>(compiled: readonly CompiledRoute<T>[], method: string, path: string): HttpError {
  const match = matchRoute(compiled, method, path);
  if (match && 'allowed' in match) return new MethodNotAllowedError([...new Set(match.allowed)].sort());
  return new NotFoundError(`No route for ${method} ${path}`);
}
