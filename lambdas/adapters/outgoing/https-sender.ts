/**
 * THE module that sends every outgoing request (OutgoingSender): workflow `call` steps now,
 * webhooks later. One attempt per `send`; retries belong to the caller (a workflow step's retry
 * policy), which keeps the delivery id across them.
 *
 * What it guarantees, in order:
 *  - the URL passes the endpoint rules (core/outgoing/endpoint.ts) again: a stored URL is trusted
 *    no more than a new one;
 *  - the host is resolved once and every address checked; the connection is pinned to the checked
 *    address (pinned-address.ts), while TLS still verifies the certificate against the host NAME
 *    (node sets SNI and checks the name from `hostname`, not from the address it connected to);
 *  - a connect timeout and a total timeout (answer read included);
 *  - no redirects: a 3xx is a failure (its Location was never checked);
 *  - the body is JSON, signed (X-BGS-Delivery, X-BGS-Timestamp, X-BGS-Signature);
 *  - at most `maxResponseBytes` of the answer are read.
 * Anything else (non-2xx, refused address, DNS, network, timeout) throws OutgoingRequestError.
 */
import { randomUUID } from 'node:crypto';
import * as http from 'node:http';
import * as https from 'node:https';
import type { Socket } from 'node:net';
import { checkEndpointUrl } from '../../core/outgoing/endpoint';
import type { AllowableAddressClass } from '../../core/outgoing/address-class';
import { OutgoingRequestError } from '../../core/outgoing/outgoing-failure';
import { signedHeaders } from '../../core/outgoing/signature';
import type { OutgoingRequest, OutgoingResponse, OutgoingSender } from '../../ports/outgoing-sender';
import { pinAddress, systemResolveAll, type ResolveAll } from './pinned-address';

export interface HttpsSenderOptions {
  /**
   * Non-public address classes this deployment may reach. On AWS none, ever; the local service
   * allows loopback, so a receiver on the same machine can be called (and tested).
   */
  readonly allowedAddresses: readonly AllowableAddressClass[];
  /** Until the TCP connection (and the TLS handshake) is up. @default 5000 */
  readonly connectTimeoutMs?: number;
  /** From the start to the last byte of the answer read. @default 10000 */
  readonly totalTimeoutMs?: number;
  /** How much of an answer's body is kept. @default 65536 */
  readonly maxResponseBytes?: number;
  /** Unix seconds for X-BGS-Timestamp. @default the system clock */
  readonly nowSeconds?: () => number;
  /** @default dns.lookup (all addresses, resolver order) */
  readonly resolveAll?: ResolveAll;
  /** Extra trust anchors for TLS (a test's own CA); the system's are kept. */
  readonly ca?: string | readonly string[];
}

const USER_AGENT = 'BGS-Outgoing/1';

export class HttpsSender implements OutgoingSender {
  private readonly connectTimeoutMs: number;
  private readonly totalTimeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly nowSeconds: () => number;
  private readonly resolveAll: ResolveAll;

  constructor(private readonly options: HttpsSenderOptions) {
    this.connectTimeoutMs = options.connectTimeoutMs ?? 5000;
    this.totalTimeoutMs = options.totalTimeoutMs ?? 10_000;
    this.maxResponseBytes = options.maxResponseBytes ?? 65_536;
    this.nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
    this.resolveAll = options.resolveAll ?? systemResolveAll;
  }

  async send(request: OutgoingRequest): Promise<OutgoingResponse> {
    const checked = checkEndpointUrl(request.url, this.options.allowedAddresses);
    if (!checked.ok) throw new OutgoingRequestError('refused_address', `the URL ${checked.problem}`);
    const url = checked.url;
    const deadline = Date.now() + this.totalTimeoutMs;
    const pinned = await withDeadline(pinAddress(url.hostname, this.options.allowedAddresses, this.resolveAll), this.totalTimeoutMs);
    const deliveryId = request.deliveryId ?? randomUUID();
    const body = JSON.stringify(request.body ?? null);
    const headers = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'user-agent': USER_AGENT,
      accept: 'application/json, */*;q=0.5',
      ...signedHeaders({ deliveryId, timestamp: this.nowSeconds(), body, secret: request.secret }),
    };
    const isHttps = url.protocol === 'https:';
    const requestOptions: https.RequestOptions = {
      method: request.method ?? 'POST',
      protocol: url.protocol,
      // The NAME stays the host: it is the Host header, the SNI and what the certificate must match.
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port === '' ? (isHttps ? 443 : 80) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers,
      lookup: pinned.lookup,
      // A fresh connection per attempt: nothing pooled under another address check.
      agent: false,
      ...(isHttps && this.options.ca ? { ca: [...(Array.isArray(this.options.ca) ? this.options.ca : [this.options.ca])] } : {}),
    };
    const answer = await this.exchange(isHttps, requestOptions, body, Math.max(1, deadline - Date.now()));
    if (answer.status >= 300 && answer.status < 400) throw new OutgoingRequestError('redirect', 'the endpoint answered with a redirect, which is not followed', answer.status);
    if (answer.status < 200 || answer.status >= 300) throw new OutgoingRequestError('status', 'the endpoint answered with an error status', answer.status);
    return { status: answer.status, deliveryId, body: answer.body, truncated: answer.truncated, address: pinned.address };
  }

  /** One request and its (capped) answer, or the failure that ended it. */
  private exchange(isHttps: boolean, options: https.RequestOptions, body: string, totalMs: number): Promise<{ status: number; body: string; truncated: boolean }> {
    return new Promise((resolve, reject) => {
      let settled = false;
      const fail = (error: OutgoingRequestError) => {
        if (settled) return;
        settled = true;
        clearTimeout(totalTimer);
        clearTimeout(connectTimer);
        req.destroy();
        reject(error);
      };
      const req = (isHttps ? https : http).request(options, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        const finish = () => {
          if (settled) return;
          settled = true;
          clearTimeout(totalTimer);
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), truncated });
        };
        res.on('data', (chunk: Buffer) => {
          const room = this.maxResponseBytes - size;
          if (chunk.length > room) {
            chunks.push(chunk.subarray(0, room));
            size += room;
            truncated = true;
            // Enough read: the rest of the answer is not worth the time or the memory.
            finish();
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', finish);
        res.on('error', (err) => fail(networkFailure(err)));
      });
      const connectTimer = setTimeout(() => fail(new OutgoingRequestError('timeout', `no connection within ${this.connectTimeoutMs} ms`)), this.connectTimeoutMs);
      const totalTimer = setTimeout(() => fail(new OutgoingRequestError('timeout', `no complete answer within ${totalMs} ms`)), totalMs);
      req.on('socket', (socket: Socket) => {
        socket.once(isHttps ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer));
      });
      req.on('error', (err) => fail(networkFailure(err)));
      req.end(body);
    });
  }
}

/** A short reason for a broken connection: the error code, never a stack or an address list. */
function networkFailure(err: Error): OutgoingRequestError {
  const code = (err as NodeJS.ErrnoException).code;
  return new OutgoingRequestError('network', `the connection failed (${code ?? err.message.slice(0, 120)})`);
}

/** Resolution is part of the total time: a resolver that hangs must not hang the step. */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new OutgoingRequestError('timeout', `the host name did not resolve within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}
