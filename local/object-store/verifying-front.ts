/**
 * The public face of the local object store: a node:http server that judges every request with
 * the SigV4 verifier and only then proxies it to the private byte store (s3rver). The byte store
 * checks nothing (LAB-NOTES, "S3 locally"), so it must never be reachable except through here;
 * this server is what makes "S3 with Block Public Access" true locally.
 *
 * Request bodies are received whole before the byte store sees a byte (small ones in memory,
 * larger ones spooled to a temp file, so memory stays bounded); responses stream straight
 * through. Why not stream uploads through: s3rver writes an upload directly over the stored
 * object, so a client that disconnects halfway, or a body that fails its signed sha256 at the
 * end, would leave a truncated object where S3 keeps the old one (measured: an aborted 1 MB PUT
 * replaced an 8-byte object with its first 100 KB).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import {
  Agent,
  type ClientRequest,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream';
import type { Clock } from '../../lambdas/core/clock';
import {
  forwardTarget,
  responseOverrides,
  s3ErrorXml,
  splitTarget,
  UNSIGNED_PAYLOAD,
  verifyRequest,
  type S3ErrorSpec,
  type SigningCredentials,
} from './sigv4-verifier';

/** S3's limit for one PUT (5 GiB): larger bodies are refused while they arrive. */
export const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024 * 1024;
/** Bodies up to this size are held in memory; larger ones go to the spool directory. */
export const DEFAULT_MEMORY_BODY_BYTES = 1024 * 1024;

/** Headers that describe one hop of a connection, not the request: never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  // We answer 100-continue ourselves, after verifying; the byte store must not be asked again.
  'expect',
]);

export interface VerifyingFrontOptions {
  readonly host: string;
  /** 0 for a free port. */
  readonly port: number;
  /**
   * Where the byte store listens: a Unix socket in an owner-only directory (the local object
   * store: no other user's process can reach it), or a TCP address.
   */
  readonly upstream: { readonly socketPath: string } | { readonly host: string; readonly port: number };
  readonly credentials: SigningCredentials;
  readonly region: string;
  readonly clock: Clock;
  /** @default DEFAULT_MAX_BODY_BYTES */
  readonly maxBodyBytes?: number;
  /** @default DEFAULT_MEMORY_BODY_BYTES */
  readonly memoryBodyBytes?: number;
  /** Where larger bodies wait until complete. @default a fresh directory under os.tmpdir() */
  readonly spoolDirectory?: string;
  /** Told about unexpected failures (the front answers them with 5xx and keeps running). */
  readonly onError?: (err: unknown) => void;
}

export interface VerifyingFront {
  readonly port: number;
  readonly endpoint: string;
  close(): Promise<void>;
}

/** Response-header overrides of a verified request: the headers to set, the parameters naming them. */
interface Overrides {
  readonly headers: Readonly<Record<string, string>>;
  readonly params: readonly string[];
}

/** The client disconnected before its request was complete: nothing to answer, nothing to report. */
class ClientGoneError extends Error {}

/** A request body received in full, with its sha256 computed on the way in. */
interface ReceivedBody {
  readonly size: number;
  readonly sha256: string;
  /** Either the bytes or the spool file holding them. */
  readonly data?: Buffer;
  readonly file?: string;
}

function newRequestId(): string {
  return randomBytes(8).toString('hex').toUpperCase();
}

function sendError(req: IncomingMessage, res: ServerResponse, error: S3ErrorSpec, requestId: string, closeConnection = false): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const body = s3ErrorXml(error, requestId, splitTarget(req.url ?? '/').path);
  const headers: OutgoingHttpHeaders = {
    'content-type': 'application/xml',
    'content-length': Buffer.byteLength(body),
    'x-amz-request-id': requestId,
  };
  if (closeConnection) headers.connection = 'close';
  res.writeHead(error.status, headers);
  // HEAD answers carry no body; node drops it for us, the status still tells the SDK.
  res.end(body);
  // Discard what the client is still sending so the connection can be reused (or closed).
  if (!req.complete) req.resume();
}

function forwardHeaders(headers: IncomingHttpHeaders, upstreamHost: string, bodyLength: number): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    // The front consumed the credentials. s3rver knows only its own S3RVER key and re-checks
    // time on the real clock, so a signature would only make it refuse valid requests.
    if (name === 'authorization') continue;
    out[name] = value;
  }
  // s3rver reads a non-IP, non-localhost Host as a virtual-hosted bucket name: use its address.
  out.host = upstreamHost;
  // The body is complete by now, so its length is known even if it arrived chunked.
  out['content-length'] = bodyLength;
  return out;
}

function responseHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    out[name] = value;
  }
  return out;
}

/**
 * Receives a whole request body: in memory up to `memoryBytes`, then in a spool file (with
 * back-pressure on the client). Resolves undefined as soon as it passes `maxBytes`.
 */
function receiveBody(req: IncomingMessage, limits: { memoryBytes: number; maxBytes: number; spoolDir: string }): Promise<ReceivedBody | undefined> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    let chunks: Buffer[] = [];
    let size = 0;
    let file: WriteStream | undefined;
    let filePath: string | undefined;
    let settled = false;
    const discardFile = () => {
      const path = filePath;
      // Unlink only once the stream has closed: a destroy() that beats the asynchronous open
      // would otherwise let the open re-create the file after the unlink.
      file?.once('close', () => {
        if (path) void rm(path, { force: true });
      });
      file?.destroy();
      file = undefined;
    };
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      discardFile();
      reject(err);
    };
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limits.maxBytes) {
        settled = true;
        chunks = [];
        discardFile();
        resolve(undefined);
        return;
      }
      hash.update(chunk);
      if (!file && size > limits.memoryBytes) {
        filePath = join(limits.spoolDir, randomUUID());
        file = createWriteStream(filePath);
        file.on('error', fail);
        for (const held of chunks) file.write(held);
        chunks = [];
      }
      if (!file) {
        chunks.push(chunk);
      } else if (!file.write(chunk)) {
        req.pause();
        file.once('drain', () => req.resume());
      }
    });
    req.on('end', () => {
      if (settled) return;
      const sha256 = hash.digest('hex');
      if (!file) {
        settled = true;
        resolve({ size, sha256, data: Buffer.concat(chunks) });
        return;
      }
      const path = filePath as string;
      file.end(() => {
        if (settled) return;
        settled = true;
        resolve({ size, sha256, file: path });
      });
    });
    req.on('error', fail);
    // A client that disconnects mid-body may end with 'close' alone: never leave this pending.
    req.on('close', () => {
      if (!req.complete) fail(new ClientGoneError());
    });
  });
}

export async function startVerifyingFront(options: VerifyingFrontOptions): Promise<VerifyingFront> {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const memoryBodyBytes = options.memoryBodyBytes ?? DEFAULT_MEMORY_BODY_BYTES;
  const ownSpool = options.spoolDirectory === undefined;
  const spoolDir = options.spoolDirectory ?? mkdtempSync(join(tmpdir(), 'bgs-object-store-spool-'));
  const upstream = options.upstream;
  // s3rver reads a Host that is no IP address or `localhost` as a bucket name: give it one it knows.
  const upstreamHost = 'socketPath' in upstream ? 'localhost' : `${upstream.host}:${upstream.port}`;
  const upstreamAddress = 'socketPath' in upstream ? { socketPath: upstream.socketPath } : { host: upstream.host, port: upstream.port };
  // Keep-alive to the byte store: one TCP connection per concurrent request, not per request.
  const agent = new Agent({ keepAlive: true });
  const reportError = (err: unknown) => {
    try {
      options.onError?.(err);
    } catch {
      // a failing reporter must not take the front down
    }
  };

  const proxy = (req: IncomingMessage, res: ServerResponse, requestId: string, body: ReceivedBody, overrides: Overrides) => {
    let upstreamReq: ClientRequest | undefined;
    const send = (attempt: number) => {
      const sent = httpRequest({
        ...upstreamAddress,
        method: req.method,
        // The overrides are answered here: s3rver would refuse them on the (now anonymous) request.
        path: forwardTarget(req.url ?? '/', overrides.params),
        headers: forwardHeaders(req.headers, upstreamHost, body.size),
        agent,
      });
      upstreamReq = sent;
      sent.on('response', (upstreamRes) => {
        const status = upstreamRes.statusCode ?? 502;
        // As S3: only a successful GET or HEAD of an object takes the overridden headers.
        const overridden = (req.method === 'GET' || req.method === 'HEAD') && status >= 200 && status < 300 ? overrides.headers : {};
        res.writeHead(status, { ...responseHeaders(upstreamRes.headers), ...overridden });
        pipeline(upstreamRes, res, (err) => {
          // The client went away or the byte store broke off mid-body: nothing left to answer.
          if (err) res.destroy();
        });
      });
      sent.on('error', (err: NodeJS.ErrnoException) => {
        if (res.headersSent || res.destroyed) {
          res.destroy();
          return;
        }
        // A kept-alive socket the byte store closed as this request went out (its idle timeout and our reuse crossing):
        // nothing reached it, and the whole body is held here, so it is sent once more on a fresh socket (as Node's
        // http documentation advises for `reusedSocket`).
        if (attempt === 0 && sent.reusedSocket && err.code === 'ECONNRESET') {
          send(1);
          return;
        }
        // Not an S3 code, but a 5xx the SDK retries, with an XML body it can parse.
        sendError(req, res, { status: 502, code: 'BadGateway', message: `The local byte store is unreachable (${err.code ?? err.message}).` }, requestId, true);
      });
      if (body.file) {
        pipeline(createReadStream(body.file), sent, (err) => {
          if (err) sent.destroy(err);
        });
      } else {
        sent.end(body.data);
      }
    };
    res.on('close', () => {
      // If the client disconnected before the answer, stop the upstream request too.
      if (!res.writableFinished) upstreamReq?.destroy();
      if (body.file) void rm(body.file, { force: true });
    });
    send(0);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, expectsContinue: boolean) => {
    const requestId = newRequestId();
    const verdict = await verifyRequest(
      { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headersDistinct },
      { credentials: options.credentials, region: options.region, now: options.clock.now() },
    );
    if (!verdict.ok) {
      // With Expect: 100-continue the body was never invited: close rather than read it.
      sendError(req, res, verdict.error, requestId, expectsContinue);
      return;
    }
    // response-content-disposition and friends (a download grant's file name). s3rver honours
    // them only on requests it authenticated itself, and the front forwards requests without
    // their credentials, so the front applies them: the signature above already covered them.
    const overrides = responseOverrides(req.url ?? '/');
    if ('code' in overrides) {
      sendError(req, res, overrides, requestId, expectsContinue);
      return;
    }
    const isChunked = req.headers['transfer-encoding'] !== undefined && req.headers['content-length'] === undefined;
    const { path } = splitTarget(req.url ?? '/');
    if (req.method === 'PUT' && isChunked && /^\/[^/]+\/.+/.test(path)) {
      // As S3: an object upload must say its size (a signed content-length is the size cap).
      sendError(req, res, { status: 411, code: 'MissingContentLength', message: 'You must provide the Content-Length HTTP header.' }, requestId, true);
      return;
    }
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > maxBodyBytes) {
      sendError(req, res, { status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size' }, requestId, true);
      return;
    }
    if (expectsContinue) res.writeContinue();

    const body = await receiveBody(req, { memoryBytes: memoryBodyBytes, maxBytes: maxBodyBytes, spoolDir });
    if (body === undefined) {
      sendError(req, res, { status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size' }, requestId, true);
      return;
    }
    if (verdict.payloadHash !== UNSIGNED_PAYLOAD && body.sha256 !== verdict.payloadHash) {
      if (body.file) void rm(body.file, { force: true });
      sendError(req, res, { status: 400, code: 'XAmzContentSHA256Mismatch', message: "The provided 'x-amz-content-sha256' header does not match what was computed." }, requestId);
      return;
    }
    proxy(req, res, requestId, body, overrides);
  };

  const onRequest = (expectsContinue: boolean) => (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res, expectsContinue).catch((err: unknown) => {
      if (err instanceof ClientGoneError || req.destroyed || res.destroyed) {
        res.destroy();
        return;
      }
      reportError(err);
      sendError(req, res, { status: 500, code: 'InternalError', message: 'We encountered an internal error. Please try again.' }, newRequestId(), true);
    });
  };

  const server: Server = createServer(onRequest(false));
  // Handling checkContinue ourselves means 100 Continue is sent only after the verdict, so a
  // refused upload is refused before its body is on the wire, as on S3.
  server.on('checkContinue', onRequest(true));
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (err.code !== 'ECONNRESET' && socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    agent.destroy();
    if (ownSpool) rmSync(spoolDir, { recursive: true, force: true });
    throw err;
  }
  server.on('error', reportError);
  const port = (server.address() as AddressInfo).port;
  const hostForUrl = options.host.includes(':') ? `[${options.host}]` : options.host;

  let closing: Promise<void> | undefined;
  return {
    port,
    endpoint: `http://${hostForUrl}:${port}`,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          // Retries: a spool file of a request cut by closeAllConnections may still be closing.
          const removed = ownSpool ? rm(spoolDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 }) : Promise.resolve();
          removed.catch(reportError).finally(resolve);
        });
        // Idle keep-alive sockets would hold close() open; busy ones get cut: stop means stop.
        server.closeAllConnections();
        agent.destroy();
      });
      return closing;
    },
  };
}
