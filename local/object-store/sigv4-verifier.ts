/**
 * SigV4 verification for the local object store's front (DESIGN.md, "Local stand-ins": S3).
 *
 * s3rver, the byte store, checks no signature at all, so every request is judged here before it
 * reaches it, the way S3 with Block Public Access judges it: a presigned URL (query signature) or
 * an `Authorization: AWS4-HMAC-SHA256 ...` header, nothing else. Rather than re-implementing the
 * canonical request, the signature is recomputed with `@smithy/signature-v4` (the signer the AWS
 * SDK itself uses) from what actually arrived: the method, the raw path, the query and the values
 * of the headers the client says it signed. Any difference (another content type, length, key,
 * method, an edited or foreign signature) gives another signature and a refusal.
 *
 * The same verification serves the DynamoDB front (`../dynamodb-front.ts`), with the service
 * `dynamodb`: there only header-signed requests exist, and the body hash, which the SDK signs
 * without sending `x-amz-content-sha256`, is computed by the front from the body it received.
 *
 * Everything here is pure (no I/O); the node:http front lives in `verifying-front.ts`.
 *
 * Long on purpose: it is one algorithm (parse either form of signature, rebuild what was signed,
 * compare, and answer each refusal with the code S3 or DynamoDB gives), read side by side with
 * AWS's SigV4 documentation; split, the refusal cases would be separated from the checks they
 * belong to.
 */
import type { SigningCredentials } from '../../lambdas/adapters/local-credentials';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';

export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
/** sha256 of the empty string: the payload hash the SDK sends for GET, HEAD and DELETE. */
export const EMPTY_PAYLOAD_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
/** S3 refuses presigned URLs valid for longer than seven days. */
export const MAX_PRESIGNED_EXPIRES_SECONDS = 7 * 24 * 60 * 60;
/** S3 refuses header-signed requests whose time is more than 15 minutes off its own. */
export const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;

/**
 * The five parameters `SignatureV4.presign` writes itself, plus the signature. Only these are
 * dropped before recomputing (LAB-NOTES trap 1): every other parameter, `x-id` or a hoisted
 * `x-amz-*` header included, was part of what the client signed and must stay in the query.
 */
export const PRESIGN_WRITTEN_PARAMS = [
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
] as const;
export const SIGNATURE_PARAM = 'X-Amz-Signature';
/** Query parameters that carry authentication: never forwarded to the byte store. */
export const QUERY_AUTH_PARAMS: readonly string[] = [...PRESIGN_WRITTEN_PARAMS, SIGNATURE_PARAM, 'X-Amz-Security-Token'];


export interface VerifierSettings {
  readonly credentials: SigningCredentials;
  readonly region: string;
  /** The verifier's notion of "now" (injectable so tests can expire URLs). */
  readonly now: Date;
  /** The service in the credential scope. @default 's3' */
  readonly service?: string;
}

/** What an S3-style refusal needs: status, S3 error code, message. */
export interface S3ErrorSpec {
  readonly status: number;
  readonly code: string;
  readonly message: string;
}

export type Verdict =
  | {
      readonly ok: true;
      readonly mode: 'presigned' | 'header';
      /** `UNSIGNED-PAYLOAD` or the hex sha256 the body must have (then the front checks it). */
      readonly payloadHash: string;
    }
  | {
      readonly ok: false;
      readonly error: S3ErrorSpec;
      /** The request carried no signature at all (DynamoDB answers that with its own code). */
      readonly unsigned?: true;
    };

/** The parts of an incoming HTTP request the verifier needs. */
export interface IncomingSignedRequest {
  readonly method: string;
  /** The request target exactly as received (`/bucket/key?query`), still percent-encoded. */
  readonly url: string;
  /**
   * Header values by lower-case name, every occurrence kept (node's `req.headersDistinct`):
   * SigV4 joins repeated headers with ',' while node's `req.headers` joins them with ', '.
   */
  readonly headers: Readonly<Record<string, readonly string[] | undefined>>;
  /**
   * The hex sha256 of the whole body, when the caller has received it before verifying (the
   * DynamoDB front): the payload hash of a request that sends no `x-amz-content-sha256`.
   */
  readonly bodySha256?: string;
}

// ---------------------------------------------------------------------------------------------
// Small pure parts (unit-tested one by one)
// ---------------------------------------------------------------------------------------------

class Refusal extends Error {
  constructor(readonly spec: S3ErrorSpec) {
    super(spec.message);
  }
}

const refuse = (status: number, code: string, message: string): never => {
  throw new Refusal({ status, code, message });
};

export const accessDenied = (message = 'Access Denied'): S3ErrorSpec => ({ status: 403, code: 'AccessDenied', message });

const SIGNATURE_MISMATCH: S3ErrorSpec = {
  status: 403,
  code: 'SignatureDoesNotMatch',
  message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
};

/**
 * Splits a raw query string into decoded [key, value] pairs, in order. Decoding is done by
 * hand, not with URLSearchParams, because that turns '+' into a space: SigV4 (and S3) read '+'
 * literally, so "a+b" and "a b" are different keys with different signatures.
 */
export function parseQueryString(rawQuery: string): Array<[string, string]> | undefined {
  const pairs: Array<[string, string]> = [];
  if (rawQuery === '') return pairs;
  for (const part of rawQuery.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawKey = eq === -1 ? part : part.slice(0, eq);
    const rawValue = eq === -1 ? '' : part.slice(eq + 1);
    try {
      pairs.push([decodeURIComponent(rawKey), decodeURIComponent(rawValue)]);
    } catch {
      return undefined; // malformed percent-encoding
    }
  }
  return pairs;
}

/** Splits `/path?query` (the raw request target) into its path and query parts. */
export function splitTarget(url: string): { path: string; rawQuery: string } {
  const q = url.indexOf('?');
  return q === -1 ? { path: url, rawQuery: '' } : { path: url.slice(0, q), rawQuery: url.slice(q + 1) };
}

/**
 * The request target to forward to the byte store: the same path and query, in their original
 * encoding, minus the authentication parameters (the front has consumed them; s3rver would
 * only re-check their expiry against the real clock, ignoring the injected one, and its own
 * SigV4 support knows no key but S3RVER) and minus `alsoDropped` (parameters the front
 * answers itself, such as the response-header overrides).
 */
export function forwardTarget(url: string, alsoDropped: readonly string[] = []): string {
  const { path, rawQuery } = splitTarget(url);
  const kept = rawQuery.split('&').filter((part) => {
    if (part === '') return false;
    const eq = part.indexOf('=');
    let key: string;
    try {
      key = decodeURIComponent(eq === -1 ? part : part.slice(0, eq));
    } catch {
      return true; // not ours to judge; the verifier already refused malformed queries
    }
    return !QUERY_AUTH_PARAMS.includes(key) && !alsoDropped.includes(key);
  });
  return kept.length > 0 ? `${path}?${kept.join('&')}` : path;
}

/**
 * The query parameters GetObject/HeadObject accept to override a response header, and the
 * header each sets. The SDK writes them from `ResponseContentDisposition` and friends.
 */
export const RESPONSE_OVERRIDE_PARAMS: Readonly<Record<string, string>> = {
  'response-cache-control': 'cache-control',
  'response-content-disposition': 'content-disposition',
  'response-content-encoding': 'content-encoding',
  'response-content-language': 'content-language',
  'response-content-type': 'content-type',
  'response-expires': 'expires',
};

/** What a header value may hold on the wire (node refuses anything else, as HTTP does). */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * The response-header overrides of a request target, by header name, or the refusal S3 gives:
 * a `response-*` parameter outside the overridable set is 400 InvalidArgument. A value no
 * header can carry (a line break, a character beyond Latin-1) is refused the same way instead
 * of reaching `writeHead`, where it would throw. Call only for a verified request: S3 refuses
 * overrides on anonymous requests, and the front never forwards one anyway.
 */
export function responseOverrides(url: string): { readonly headers: Readonly<Record<string, string>>; readonly params: readonly string[] } | S3ErrorSpec {
  const pairs = parseQueryString(splitTarget(url).rawQuery) ?? [];
  const headers: Record<string, string> = {};
  const params: string[] = [];
  for (const [key, value] of pairs) {
    if (!key.startsWith('response-')) continue;
    const header = RESPONSE_OVERRIDE_PARAMS[key];
    if (header === undefined) {
      return {
        status: 400,
        code: 'InvalidArgument',
        message: `${key} is not in the set of overridable response headers. Please refer to the S3 API documentation for a complete list of overridable response headers.`,
      };
    }
    if (!HEADER_VALUE.test(value)) return { status: 400, code: 'InvalidArgument', message: `${key} has a value that is not a valid header value.` };
    headers[header] = value;
    params.push(key);
  }
  return { headers, params };
}

export interface CredentialScope {
  readonly accessKeyId: string;
  /** YYYYMMDD */
  readonly date: string;
  readonly region: string;
  readonly service: string;
  readonly terminator: string;
}

/** Parses `AKID/YYYYMMDD/region/service/aws4_request`; undefined if it has another shape. */
export function parseCredentialScope(value: string): CredentialScope | undefined {
  const parts = value.split('/');
  if (parts.length < 5) return undefined;
  // From the right: the four scope parts are fixed, so an access key id can never shift them.
  const [date, region, service, terminator] = parts.slice(-4) as [string, string, string, string];
  const accessKeyId = parts.slice(0, -4).join('/');
  if (!accessKeyId || !/^\d{8}$/.test(date) || !region || !service || !terminator) return undefined;
  return { accessKeyId, date, region, service, terminator };
}

/** Parses SigV4's basic ISO 8601 timestamp `YYYYMMDDTHHMMSSZ`; undefined if malformed. */
export function parseAmzDate(value: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Date.UTC rolls over (month 13, day 32): refuse instead of accepting another instant.
  if (
    date.getUTCFullYear() !== y ||
    date.getUTCMonth() !== mo - 1 ||
    date.getUTCDate() !== d ||
    date.getUTCHours() !== h ||
    date.getUTCMinutes() !== mi ||
    date.getUTCSeconds() !== s
  ) {
    return undefined;
  }
  return date;
}

export type ExpiryState = 'valid' | 'expired' | 'not-yet-valid';

/**
 * Whether a presigned URL signed at `signedAt` for `expiresSeconds` is usable at `now`. Valid up
 * to and including the last second, as S3. A URL dated more than the allowed skew in the future
 * is refused too: otherwise a signer could stretch a URL's life past the seven-day limit.
 */
export function presignedExpiry(signedAt: Date, expiresSeconds: number, now: Date): ExpiryState {
  if (now.getTime() > signedAt.getTime() + expiresSeconds * 1000) return 'expired';
  if (signedAt.getTime() - now.getTime() > MAX_CLOCK_SKEW_MS) return 'not-yet-valid';
  return 'valid';
}

/** Compares two signatures in time independent of where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) {
    // Still spend the comparison so a length mismatch is not measurably faster.
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

export interface AuthorizationHeader {
  readonly credential: string;
  readonly signedHeaders: string[];
  readonly signature: string;
}

/** Parses `AWS4-HMAC-SHA256 Credential=..., SignedHeaders=a;b, Signature=hex`. */
export function parseAuthorizationHeader(value: string): AuthorizationHeader | undefined {
  const m = /^AWS4-HMAC-SHA256\s+(.+)$/.exec(value.trim());
  if (!m?.[1]) return undefined;
  const fields = new Map<string, string>();
  for (const component of m[1].split(',')) {
    const eq = component.indexOf('=');
    if (eq === -1) return undefined;
    const name = component.slice(0, eq).trim();
    if (fields.has(name)) return undefined;
    fields.set(name, component.slice(eq + 1).trim());
  }
  const credential = fields.get('Credential');
  const signedHeaders = fields.get('SignedHeaders');
  const signature = fields.get('Signature');
  if (fields.size !== 3 || !credential || !signedHeaders || !signature) return undefined;
  return { credential, signedHeaders: signedHeaders.split(';'), signature };
}

/** A SignedHeaders list as SigV4 writes it: lower case, sorted, no duplicates, non-empty. */
export function isCanonicalHeaderList(names: readonly string[]): boolean {
  if (names.length === 0) return false;
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    if (!/^[a-z0-9!#$%&'*+\-.^_`|~]+$/.test(name)) return false;
    if (i > 0 && (names[i - 1] as string) >= name) return false;
  }
  return true;
}

/** True for a payload hash value S3 accepts in `x-amz-content-sha256` without chunked framing. */
export function isPlainPayloadHash(value: string): boolean {
  return value === UNSIGNED_PAYLOAD || /^[0-9a-f]{64}$/.test(value);
}

// ---------------------------------------------------------------------------------------------
// The signer, and verification of the two mechanisms
// ---------------------------------------------------------------------------------------------

/** A `@smithy/signature-v4` hash constructor over node:crypto (sha256, or HMAC with a key); tests sign with it too. */
export class NodeSha256 {
  private hash: ReturnType<typeof createHash> | ReturnType<typeof createHmac>;
  constructor(private readonly secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = NodeSha256.create(secret);
  }
  private static create(secret?: string | ArrayBuffer | ArrayBufferView) {
    if (secret === undefined) return createHash('sha256');
    return createHmac('sha256', typeof secret === 'string' ? secret : NodeSha256.bytes(secret));
  }
  private static bytes(data: ArrayBuffer | ArrayBufferView): Buffer {
    return ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(typeof data === 'string' ? data : NodeSha256.bytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset(): void {
    this.hash = NodeSha256.create(this.secret);
  }
}

type SignableRequest = Parameters<SignatureV4['presign']>[0];
type QueryBag = SignableRequest['query'] & object;

const serviceOf = (settings: Pick<VerifierSettings, 'service'>): string => settings.service ?? 's3';

/**
 * One signer per credentials, region and service: SignatureV4 caches its derived signing key
 * per instance, so reusing it spares four HMACs on every request (the fronts verify every one).
 * A front has one set of settings; the bound only guards against a caller that varies them.
 */
const signers = new Map<string, SignatureV4>();
const MAX_SIGNERS = 16;

function createSigner(settings: Pick<VerifierSettings, 'credentials' | 'region' | 'service'>): SignatureV4 {
  const service = serviceOf(settings);
  const key = JSON.stringify([settings.credentials.accessKeyId, settings.credentials.secretAccessKey, settings.region, service]);
  let signer = signers.get(key);
  if (!signer) {
    if (signers.size >= MAX_SIGNERS) signers.clear();
    signer = newSigner(settings, service);
    signers.set(key, signer);
  }
  return signer;
}

function newSigner(settings: Pick<VerifierSettings, 'credentials' | 'region'>, service: string): SignatureV4 {
  return new SignatureV4({
    credentials: { accessKeyId: settings.credentials.accessKeyId, secretAccessKey: settings.credentials.secretAccessKey },
    region: settings.region,
    service,
    sha256: NodeSha256,
    // S3 signs the path as sent, without the second round of escaping other services use.
    uriEscapePath: service !== 's3',
    // Never invent an x-amz-content-sha256 header: only what the client sent counts.
    applyChecksum: false,
  });
}

/** A header's value, repeats joined with ',' as SigV4's canonical form wants. */
function headerValue(headers: IncomingSignedRequest['headers'], name: string): string | undefined {
  const values = headers[name];
  return values && values.length > 0 ? values.join(',') : undefined;
}

function hostnameOf(headers: IncomingSignedRequest['headers']): string {
  const host = headerValue(headers, 'host') ?? '';
  // The signer only reads headers; the hostname is informational. Strip a port for tidiness.
  return host.replace(/:\d+$/, '');
}

/** The headers named in SignedHeaders, with the values that actually arrived. */
function pickSignedHeaders(headers: IncomingSignedRequest['headers'], names: readonly string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of names) {
    const value = headerValue(headers, name);
    // A signed header that did not arrive stays absent: the recomputed signature then differs.
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}

/** S3's HeadersNotSigned rule: every x-amz-* header that arrived must be covered by the signature. */
function requireAmzHeadersSigned(headers: IncomingSignedRequest['headers'], signed: ReadonlySet<string>): void {
  for (const name of Object.keys(headers)) {
    if (name.startsWith('x-amz-') && headers[name] !== undefined && !signed.has(name)) {
      refuse(403, 'AccessDenied', 'There were headers present in the request which were not signed');
    }
  }
}

function toQueryBag(pairs: ReadonlyArray<[string, string]>): QueryBag {
  const bag: Record<string, string | string[]> = {};
  for (const [key, value] of pairs) {
    const existing = bag[key];
    if (existing === undefined) bag[key] = value;
    else bag[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return bag;
}

function checkScope(
  scope: CredentialScope | undefined,
  settings: VerifierSettings,
  amzDate: string,
  malformed: (message: string) => never,
): CredentialScope {
  if (!scope) return malformed('Error parsing the X-Amz-Credential parameter; the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".');
  if (scope.accessKeyId !== settings.credentials.accessKeyId) {
    refuse(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  if (scope.date !== amzDate.slice(0, 8)) malformed(`Invalid credential date "${scope.date}". This date is not the same as X-Amz-Date: "${amzDate.slice(0, 8)}".`);
  if (scope.region !== settings.region) malformed(`Error parsing the X-Amz-Credential parameter; the region '${scope.region}' is wrong; expecting '${settings.region}'`);
  const service = serviceOf(settings);
  if (scope.service !== service) malformed(`Error parsing the X-Amz-Credential parameter; incorrect service "${scope.service}". This endpoint belongs to "${service}".`);
  if (scope.terminator !== 'aws4_request') malformed(`Error parsing the X-Amz-Credential parameter; incorrect terminal "${scope.terminator}". This endpoint uses "aws4_request".`);
  return scope;
}

/**
 * Verifies a presigned (query-signed) request: parameters present and well formed, not expired
 * (checked first, before any signing work), the credential ours, then the signature recomputed
 * with `presign` and compared in constant time.
 */
async function verifyPresigned(
  request: IncomingSignedRequest,
  path: string,
  pairs: ReadonlyArray<[string, string]>,
  settings: VerifierSettings,
): Promise<Verdict> {
  const malformed = (message: string): never => refuse(400, 'AuthorizationQueryParametersError', message);
  const single = (name: string): string | undefined => {
    const values = pairs.filter(([k]) => k === name).map(([, v]) => v);
    if (values.length > 1) malformed(`${name} must appear only once.`);
    return values[0];
  };
  const algorithm = single('X-Amz-Algorithm');
  const credential = single('X-Amz-Credential');
  const amzDate = single('X-Amz-Date');
  const expires = single('X-Amz-Expires');
  const signedHeadersParam = single('X-Amz-SignedHeaders');
  const signature = single(SIGNATURE_PARAM);
  if (
    algorithm === undefined ||
    credential === undefined ||
    amzDate === undefined ||
    expires === undefined ||
    signedHeadersParam === undefined ||
    signature === undefined
  ) {
    return malformed(
      'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
    );
  }
  if (algorithm !== SIGV4_ALGORITHM) malformed('X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  const signedAt = parseAmzDate(amzDate) ?? malformed('X-Amz-Date must be in the ISO8601 Long Format "yyyyMMdd\'T\'HHmmss\'Z\'"');
  if (!/^\d{1,7}$/.test(expires)) malformed('X-Amz-Expires should be a number');
  const expiresIn = Number(expires);
  if (expiresIn < 1) malformed('X-Amz-Expires must be non-negative');
  if (expiresIn > MAX_PRESIGNED_EXPIRES_SECONDS) {
    malformed('X-Amz-Expires must be less than a week (in seconds); that is, the given X-Amz-Expires must be less than 604800 seconds');
  }

  // Expiry before anything else: an expired URL is refused whatever its signature.
  const state = presignedExpiry(signedAt, expiresIn, settings.now);
  if (state === 'expired') refuse(403, 'AccessDenied', 'Request has expired');
  if (state === 'not-yet-valid') refuse(403, 'AccessDenied', 'Request is not valid yet');

  checkScope(parseCredentialScope(credential), settings, amzDate, malformed);

  const signedNames = signedHeadersParam.split(';');
  if (!isCanonicalHeaderList(signedNames)) return { ok: false, error: SIGNATURE_MISMATCH };
  const signedSet = new Set(signedNames);
  if (!signedSet.has('host')) refuse(403, 'AccessDenied', 'The host header must be signed');
  requireAmzHeadersSigned(request.headers, signedSet);

  // Rebuild what the client's presigner started from (LAB-NOTES, "S3 locally", both traps):
  // drop only the parameters presign writes itself and the signature; everything else stays.
  const dropped = new Set<string>([...PRESIGN_WRITTEN_PARAMS, SIGNATURE_PARAM]);
  const kept = pairs.filter(([k]) => !dropped.has(k));
  const headers = pickSignedHeaders(request.headers, signedNames);
  // The presigner passes the payload hash as an `X-Amz-Content-Sha256` *header*, which presign
  // both reads (as the payload hash) and hoists into the query under the same spelling. Put it
  // back as a header spelled exactly as it came: lower case would sort differently in the query.
  const shaPair = kept.find(([k]) => k.toLowerCase() === 'x-amz-content-sha256');
  let payloadHash = UNSIGNED_PAYLOAD;
  const unhoistable = new Set(signedNames.filter((n) => n.startsWith('x-amz-')));
  const unsignable = new Set<string>();
  if (shaPair) {
    payloadHash = shaPair[1];
    headers[shaPair[0]] = payloadHash;
  } else if (!signedSet.has('x-amz-content-sha256')) {
    // A URL without the parameter (botocore writes none): S3 then signs UNSIGNED-PAYLOAD. Give
    // the signer that hash as a header it must neither hoist into the query nor sign.
    headers['x-amz-content-sha256'] = UNSIGNED_PAYLOAD;
    unhoistable.add('x-amz-content-sha256');
    unsignable.add('x-amz-content-sha256');
  } else {
    payloadHash = headers['x-amz-content-sha256'] ?? UNSIGNED_PAYLOAD;
  }
  if (!isPlainPayloadHash(payloadHash)) {
    malformed('X-Amz-Content-Sha256 must be UNSIGNED-PAYLOAD or a hex sha256 value for a presigned request.');
  }

  const toSign: SignableRequest = {
    method: request.method,
    protocol: 'http:',
    hostname: hostnameOf(request.headers),
    path,
    query: toQueryBag(kept.filter(([k]) => !(shaPair && k === shaPair[0]))),
    headers,
  };
  const presigned = await createSigner(settings).presign(toSign, {
    signingDate: signedAt,
    expiresIn,
    signableHeaders: signedSet,
    unsignableHeaders: unsignable,
    unhoistableHeaders: unhoistable,
    signingRegion: settings.region,
    signingService: serviceOf(settings),
  });
  const expected = presigned.query?.[SIGNATURE_PARAM];
  if (typeof expected !== 'string' || !constantTimeEqual(expected, signature)) return { ok: false, error: SIGNATURE_MISMATCH };
  return { ok: true, mode: 'presigned', payloadHash };
}

/** Verifies an `Authorization: AWS4-HMAC-SHA256 ...` request by recomputing it with `sign`. */
async function verifyHeaderSigned(
  request: IncomingSignedRequest,
  authorization: string,
  path: string,
  pairs: ReadonlyArray<[string, string]>,
  settings: VerifierSettings,
): Promise<Verdict> {
  const malformed = (message: string): never => refuse(400, 'AuthorizationHeaderMalformed', message);
  if (!/^AWS4-HMAC-SHA256\s/.test(authorization.trim())) {
    // Signature V2 ("AWS AKID:sig") and anything else: S3 with SigV4-only credentials refuses.
    refuse(400, 'InvalidArgument', 'Unsupported Authorization Type');
  }
  const parsed =
    parseAuthorizationHeader(authorization) ??
    malformed('The authorization header is malformed; the authorization header requires three components: Credential, SignedHeaders, and Signature.');

  const amzDate = headerValue(request.headers, 'x-amz-date');
  if (amzDate === undefined) refuse(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
  const signedAt = parseAmzDate(amzDate as string) ?? refuse(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
  if (Math.abs(settings.now.getTime() - signedAt.getTime()) > MAX_CLOCK_SKEW_MS) {
    refuse(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
  }
  checkScope(parseCredentialScope(parsed.credential), settings, amzDate as string, malformed);

  const sentHash = headerValue(request.headers, 'x-amz-content-sha256');
  // S3 wants the header; other services sign the body's hash without sending it.
  const payloadHash = sentHash ?? (serviceOf(settings) === 's3' ? undefined : request.bodySha256);
  if (payloadHash === undefined) refuse(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  if (/^STREAMING-/.test(payloadHash as string)) {
    // aws-chunked framing: s3rver would store the chunk signatures as object bytes.
    refuse(501, 'NotImplemented', 'Chunked (STREAMING-*) uploads are not supported by the local object store; send UNSIGNED-PAYLOAD or a sha256.');
  }
  if (!isPlainPayloadHash(payloadHash as string)) {
    refuse(400, 'InvalidArgument', 'x-amz-content-sha256 must be UNSIGNED-PAYLOAD, STREAMING-AWS4-HMAC-SHA256-PAYLOAD, or a valid sha256 value.');
  }

  if (!isCanonicalHeaderList(parsed.signedHeaders)) return { ok: false, error: SIGNATURE_MISMATCH };
  const signedSet = new Set(parsed.signedHeaders);
  if (!signedSet.has('host')) refuse(403, 'AccessDenied', 'The host header must be signed');
  requireAmzHeadersSigned(request.headers, signedSet);

  const headers = pickSignedHeaders(request.headers, parsed.signedHeaders);
  const unsignable = new Set<string>();
  if (sentHash === undefined) {
    // The body's hash, computed by the caller, handed to the signer as a header it reads as the
    // payload hash but must not sign (the client signed no such header).
    headers['x-amz-content-sha256'] = payloadHash as string;
    unsignable.add('x-amz-content-sha256');
  }
  const toSign: SignableRequest = {
    method: request.method,
    protocol: 'http:',
    hostname: hostnameOf(request.headers),
    path,
    query: toQueryBag(pairs),
    headers,
  };
  const signed = await createSigner(settings).sign(toSign, {
    signingDate: signedAt,
    signableHeaders: signedSet,
    unsignableHeaders: unsignable,
    signingRegion: settings.region,
    signingService: serviceOf(settings),
  });
  const expected = /Signature=([0-9a-f]+)$/.exec(String(signed.headers.authorization ?? ''))?.[1];
  if (!expected || !constantTimeEqual(expected, parsed.signature)) return { ok: false, error: SIGNATURE_MISMATCH };
  return { ok: true, mode: 'header', payloadHash: payloadHash as string };
}

/**
 * Judges one request. Unsigned requests are refused (403 AccessDenied, as S3 answers anonymous
 * requests to a bucket that blocks public access); so is a request that carries both mechanisms.
 */
export async function verifyRequest(request: IncomingSignedRequest, settings: VerifierSettings): Promise<Verdict> {
  try {
    if (!request.url.startsWith('/')) refuse(400, 'InvalidRequest', 'The request target must be an absolute path');
    const { path, rawQuery } = splitTarget(request.url);
    const pairs = parseQueryString(rawQuery) ?? refuse(400, 'InvalidArgument', 'The query string is not correctly percent-encoded');
    const authorization = headerValue(request.headers, 'authorization');
    const queryAuth = pairs.some(([k]) => k === 'X-Amz-Algorithm' || k === SIGNATURE_PARAM || k === 'X-Amz-Credential');
    if (authorization !== undefined && queryAuth) {
      refuse(400, 'InvalidArgument', 'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified');
    }
    if (authorization !== undefined) return await verifyHeaderSigned(request, authorization, path, pairs, settings);
    // Presigned URLs are S3's; no other service is ever handed one here.
    if (queryAuth && serviceOf(settings) === 's3') return await verifyPresigned(request, path, pairs, settings);
    return { ok: false, error: accessDenied(), unsigned: true };
  } catch (err) {
    if (err instanceof Refusal) return { ok: false, error: err.spec };
    throw err;
  }
}

/** The S3 XML error document for a refusal. */
export function s3ErrorXml(error: Pick<S3ErrorSpec, 'code' | 'message'>, requestId: string, resource?: string): string {
  const esc = (s: string) =>
    s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${esc(error.code)}</Code><Message>${esc(error.message)}</Message>` +
    (resource ? `<Resource>${esc(resource)}</Resource>` : '') +
    `<RequestId>${esc(requestId)}</RequestId></Error>`
  );
}

export type { SigningCredentials };
