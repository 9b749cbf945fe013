/**
 * The public face of DynamoDB Local: a loopback node:http server that verifies every request's
 * SigV4 signature (the object store's verifier, service `dynamodb`, body hash included) against
 * the data directory's DynamoDB credentials, and only then forwards it to DynamoDB Local.
 *
 * Why: DynamoDB Local checks no signature at all. It only reads the access key id and region
 * from the Authorization header to pick a database, so without this front any local process,
 * or any web page in the user's browser that guessed the key id, could read every table. The
 * refusals are DynamoDB's own (HTTP 400 with a JSON `__type`), so the SDK raises a proper
 * error. No CORS header is ever written: a browser's preflight gets the same refusal.
 */
import { createHash } from 'node:crypto';
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream';
import type { Clock } from '../lambdas/core/clock';
import { verifyRequest, type IncomingSignedRequest, type SigningCredentials, type Verdict } from './object-store/sigv4-verifier';

/** DynamoDB's largest request (BatchWriteItem: 16 MB), with room for the JSON around it. */
export const DYNAMODB_MAX_REQUEST_BYTES = 17 * 1024 * 1024;

/** Headers of one hop, never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'expect']);

export interface DynamoDbFrontOptions {
  /** Where the front listens: loopback. */
  readonly host: string;
  /** 0 for a free port. */
  readonly port: number;
  /** DynamoDB Local's own (loopback) port. */
  readonly upstream: { readonly host: string; readonly port: number };
  readonly credentials: SigningCredentials;
  readonly region: string;
  readonly clock: Clock;
}

export interface DynamoDbFront {
  readonly port: number;
  readonly endpoint: string;
  close(): Promise<void>;
}

/** A refusal as DynamoDB writes it: the status and the `__type` / `message` body. */
export interface DynamoDbError {
  readonly status: number;
  readonly type: string;
  readonly message: string;
}

/**
 * DynamoDB's answer to a refused verdict. The codes are the ones DynamoDB gives for the same
 * faults: no signature, an unknown key id, a wrong signature or time, a malformed header.
 */
export function dynamoDbRefusal(verdict: Extract<Verdict, { ok: false }>): DynamoDbError {
  if (verdict.unsigned) return { status: 400, type: 'MissingAuthenticationTokenException', message: 'Request is missing Authentication Token' };
  switch (verdict.error.code) {
    case 'InvalidAccessKeyId':
      return { status: 400, type: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' };
    case 'SignatureDoesNotMatch':
      return {
        status: 400,
        type: 'InvalidSignatureException',
        message: 'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method.',
      };
    case 'RequestTimeTooSkewed':
      return { status: 400, type: 'InvalidSignatureException', message: 'Signature expired: the request time is too far from the server time.' };
    default:
      return { status: 400, type: 'IncompleteSignatureException', message: verdict.error.message };
  }
}

/** The body a DynamoDB client parses: `__type` as the coral service writes it. */
export function dynamoDbErrorBody(error: Pick<DynamoDbError, 'type' | 'message'>): string {
  return JSON.stringify({ __type: `com.amazon.coral.service#${error.type}`, message: error.message });
}

/**
 * The front's decision on one request whose whole body it has: its signature (service
 * `dynamodb`, these credentials and region) and its body, which must be the signed one whether
 * the client sent `x-amz-content-sha256` (the SDK does) or not (then the signer hashed the body).
 */
export async function judgeDynamoDbRequest(
  request: Omit<IncomingSignedRequest, 'bodySha256'>,
  bodySha256: string,
  settings: { readonly credentials: SigningCredentials; readonly region: string; readonly now: Date },
): Promise<{ readonly ok: true } | { readonly ok: false; readonly error: DynamoDbError }> {
  const verdict = await verifyRequest({ ...request, bodySha256 }, { ...settings, service: 'dynamodb' });
  if (!verdict.ok) return { ok: false, error: dynamoDbRefusal(verdict) };
  // A sent hash (or UNSIGNED-PAYLOAD) that is not the body's: the body is not what was signed.
  if (verdict.payloadHash !== bodySha256) {
    return { ok: false, error: { status: 400, type: 'InvalidSignatureException', message: 'The request body does not match the signed payload hash.' } };
  }
  return { ok: true };
}

function sendError(req: IncomingMessage, res: ServerResponse, error: DynamoDbError): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const body = dynamoDbErrorBody(error);
  res.writeHead(error.status, { 'content-type': 'application/x-amz-json-1.0', 'content-length': Buffer.byteLength(body) });
  res.end(body);
  if (!req.complete) req.resume();
}

function copyHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
}

/** The whole body, or undefined once it passes `maxBytes`. */
function receiveBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > maxBytes) {
        done = true;
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) resolve(Buffer.concat(chunks));
      done = true;
    });
    req.on('error', reject);
    req.on('close', () => {
      if (!done && !req.complete) reject(new Error('client went away'));
    });
  });
}

export async function startDynamoDbFront(options: DynamoDbFrontOptions): Promise<DynamoDbFront> {
  const agent = new Agent({ keepAlive: true });
  const upstreamHost = `${options.upstream.host}:${options.upstream.port}`;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > DYNAMODB_MAX_REQUEST_BYTES) {
      sendError(req, res, { status: 413, type: 'RequestEntityTooLarge', message: 'Request must be smaller than 16 MB' });
      res.once('finish', () => req.destroy());
      return;
    }
    const body = await receiveBody(req, DYNAMODB_MAX_REQUEST_BYTES);
    if (body === undefined) {
      sendError(req, res, { status: 413, type: 'RequestEntityTooLarge', message: 'Request must be smaller than 16 MB' });
      return;
    }
    const bodySha256 = createHash('sha256').update(body).digest('hex');
    const judged = await judgeDynamoDbRequest(
      { method: req.method ?? 'POST', url: req.url ?? '/', headers: req.headersDistinct },
      bodySha256,
      { credentials: options.credentials, region: options.region, now: options.clock.now() },
    );
    if (!judged.ok) return sendError(req, res, judged.error);

    // Forwarded as it came, Authorization included: DynamoDB Local picks the database by the
    // (secret) access key id and the region in it.
    const headers = copyHeaders(req.headers);
    headers.host = upstreamHost;
    headers['content-length'] = body.length;
    const upstreamReq = httpRequest({ host: options.upstream.host, port: options.upstream.port, method: req.method, path: req.url, headers, agent });
    upstreamReq.on('response', (upstreamRes) => {
      res.writeHead(upstreamRes.statusCode ?? 502, copyHeaders(upstreamRes.headers));
      pipeline(upstreamRes, res, (err) => {
        if (err) res.destroy();
      });
    });
    upstreamReq.on('error', (err: NodeJS.ErrnoException) => {
      // A 5xx the SDK retries, while DynamoDB Local starts or stops.
      sendError(req, res, { status: 503, type: 'ServiceUnavailable', message: `DynamoDB Local is unreachable (${err.code ?? err.message}).` });
    });
    res.on('close', () => {
      if (!res.writableFinished) upstreamReq.destroy();
    });
    upstreamReq.end(body);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (req.destroyed || res.destroyed) return res.destroy();
      sendError(req, res, { status: 500, type: 'InternalFailure', message: 'The request processing has failed because of an unknown error.' });
    });
  });
  server.on('clientError', (_err, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const hostForUrl = options.host.includes(':') ? `[${options.host}]` : options.host;
  let closing: Promise<void> | undefined;
  return {
    port,
    endpoint: `http://${hostForUrl}:${port}`,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      });
      return closing;
    },
  };
}
