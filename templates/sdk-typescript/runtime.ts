/**
 * The HTTP runtime of this SDK: requests, tokens, errors, pages and signed-URL files.
 *
 * The same for every generated project (client.ts beside it is generated from the project's
 * API). No dependency: the platform's fetch (Node 18+, browsers, Deno, Bun).
 */

/** One problem of a refused input: which part and why. */
export interface ErrorDetail {
  path: string;
  message: string;
}

/** An error answer of the API: its HTTP status, machine code and message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetail[];
  /** Seconds to wait before retrying (429 answers). */
  readonly retryAfter: number | undefined;

  constructor(status: number, code: string, message: string, details: ErrorDetail[] = [], retryAfter?: number) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.code = code;
    this.details = details;
    this.retryAfter = retryAfter;
  }
}

/** 400: the request was refused (details say which input and why). */
export class ValidationError extends ApiError {}
/** 401: a missing, invalid or expired token, or wrong credentials. */
export class UnauthorizedError extends ApiError {}
/** 403: the caller's role or level does not allow it, or the account is not confirmed. */
export class ForbiddenError extends ApiError {}
/** 404: no such record, or not visible to the caller. */
export class NotFoundError extends ApiError {}
/** 409: the request conflicts with the current state. */
export class ConflictError extends ApiError {}
/** 413: a body or file over its limit. */
export class PayloadTooLargeError extends ApiError {}
/** 415: a content type the API does not take. */
export class UnsupportedMediaTypeError extends ApiError {}
/** 429: too many requests (retryAfter says how many seconds to wait). */
export class RateLimitedError extends ApiError {}
/** 5xx: the API failed; the request may be retried later. */
export class ServerError extends ApiError {}
/** The API could not be reached or did not answer in time (status 0). */
export class NetworkError extends ApiError {}

const ERRORS_BY_STATUS: Record<number, typeof ApiError> = {
  400: ValidationError,
  401: UnauthorizedError,
  403: ForbiddenError,
  404: NotFoundError,
  409: ConflictError,
  413: PayloadTooLargeError,
  415: UnsupportedMediaTypeError,
  429: RateLimitedError,
};

async function errorOf(response: Response): Promise<ApiError> {
  let code = `HTTP_${response.status}`;
  let message = `HTTP ${response.status}`;
  let details: ErrorDetail[] = [];
  try {
    const body = (await response.json()) as { error?: unknown; code?: unknown; details?: unknown };
    if (typeof body.code === 'string') code = body.code;
    if (typeof body.error === 'string') message = body.error;
    if (Array.isArray(body.details)) details = body.details as ErrorDetail[];
  } catch {
    // Not JSON: the status says what is known.
  }
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
  const Kind = ERRORS_BY_STATUS[response.status] ?? (response.status >= 500 ? ServerError : ApiError);
  return new Kind(response.status, code, message, details, Number.isFinite(retryAfter) ? retryAfter : undefined);
}

export interface ClientOptions {
  /** The API's address; default: the address the SDK was generated for. */
  baseUrl?: string;
  /** Milliseconds a request may take (default 30 000). */
  timeoutMs?: number;
  accessToken?: string;
  refreshToken?: string;
  /** Another fetch (tests, proxies); default: the global one. */
  fetch?: typeof fetch;
}

/** A page of a list: its items and the cursor of the next page (null on the last). */
export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

/** The query of a list route: page size and cursor, plus its filters. */
export interface PageQuery {
  limit?: number;
  cursor?: string;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  pathParams?: Record<string, string>;
  query?: object;
  body?: unknown;
  /** false for the public routes (signup, login...): no token sent, no refresh. */
  authenticated?: boolean;
}

/** Sends requests with the access token, and refreshes an expired one once, automatically. */
export class BaseClient {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  accessToken: string | undefined;
  refreshToken: string | undefined;
  idToken: string | undefined;
  private readonly fetcher: typeof fetch;
  /** The route that exchanges a refresh token for a new access token. */
  protected refreshPath = '/auth/refresh';

  constructor(defaultBaseUrl: string, options: ClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? defaultBaseUrl).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.accessToken = options.accessToken;
    this.refreshToken = options.refreshToken;
    this.fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** Keeps the tokens of a login or refresh answer for the next requests. */
  protected rememberTokens<T extends { accessToken: string; refreshToken?: string; idToken?: string }>(tokens: T): T {
    this.accessToken = tokens.accessToken;
    this.refreshToken = tokens.refreshToken ?? this.refreshToken;
    this.idToken = tokens.idToken ?? this.idToken;
    return tokens;
  }

  /** Exchanges the refresh token for a new access token. */
  async refresh(): Promise<void> {
    if (!this.refreshToken) throw new UnauthorizedError(401, 'UNAUTHORIZED', 'No refresh token: log in first');
    this.rememberTokens(await this.send<{ accessToken: string; idToken?: string }>('POST', this.refreshPath, undefined, { refreshToken: this.refreshToken }, false));
  }

  protected async call<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const authenticated = options.authenticated ?? true;
    for (const [name, value] of Object.entries(options.pathParams ?? {})) path = path.replace(`{${name}}`, encodeURIComponent(value));
    try {
      return await this.send<T>(method, path, options.query, options.body, authenticated);
    } catch (error) {
      // An expired access token is refreshed once and the request sent again.
      if (!(error instanceof UnauthorizedError) || error.code !== 'TOKEN_EXPIRED' || !authenticated || !this.refreshToken) throw error;
      await this.refresh();
      return this.send<T>(method, path, options.query, options.body, authenticated);
    }
  }

  private async send<T>(method: string, path: string, query: object | undefined, body: unknown, authenticated: boolean): Promise<T> {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries((query ?? {}) as Record<string, QueryValue>)) if (value !== undefined && value !== null) search.append(name, String(value));
    const queryString = search.toString();
    const url = `${this.baseUrl}${path}${queryString ? `?${queryString}` : ''}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (authenticated && this.accessToken) headers.authorization = `Bearer ${this.accessToken}`;
    const response = await this.exchange(url, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  private async exchange(url: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      // An API answer is never a redirect; following one would resend the bearer token elsewhere.
      response = await this.fetcher(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new NetworkError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : String(error));
    }
    if (response.status >= 300) throw await errorOf(response);
    return response;
  }

  /** Every item of a list, page after page (following next_cursor). */
  protected async *iterate<T, Q extends PageQuery>(listPage: (query: Q) => Promise<Page<T>>, query: Q): AsyncGenerator<T, void, undefined> {
    for (let page = await listPage(query); ; page = await listPage({ ...query, cursor: page.next_cursor! })) {
      yield* page.items;
      if (!page.next_cursor) return;
    }
  }

  /** Uploads bytes to a signed upload URL (no token: the URL is the permission). */
  async uploadToSignedUrl(uploadUrl: string, data: Uint8Array, contentType: string): Promise<void> {
    await this.exchange(uploadUrl, { method: 'PUT', headers: { 'content-type': contentType }, body: new Blob([data as Uint8Array<ArrayBuffer>]) });
  }

  /** Downloads the bytes behind a signed download URL. */
  async downloadFromSignedUrl(downloadUrl: string): Promise<Uint8Array> {
    return new Uint8Array(await (await this.exchange(downloadUrl, { method: 'GET' })).arrayBuffer());
  }
}
