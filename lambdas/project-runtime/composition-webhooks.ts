/**
 * THE wiring of a project's outgoing webhooks (issue 27 item 2), for every host: the store over the
 * project's table, what the routes drive (`webhookRuntime`: the store, the queue redeliveries go
 * to, the URL check), and what composition-events.ts registers (`webhookPieces`: the record-change
 * consumer and the runner of `webhookDelivery` jobs). The hosts differ only in the ports they hand
 * in: the event-job queue (a table partition locally, SQS on AWS), the outgoing sender (loopback
 * allowed locally, no non-public address on AWS) and the address classes the URL check allows
 * (the same as the sender's).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Clock } from '../core/clock';
import type { AllowableAddressClass } from '../core/outgoing/address-class';
import { checkEndpointUrl } from '../core/outgoing/endpoint';
import { OutgoingRequestError } from '../core/outgoing/outgoing-failure';
import { pinAddress, systemResolveAll, type ResolveAll } from '../adapters/outgoing/pinned-address';
import { DynamoWebhookStore } from '../adapters/project-data/webhook-store';
import type { NamedChangeConsumer } from '../adapters/record-changes/change-dispatcher';
import type { EventJobQueue } from '../ports/event-jobs';
import type { OutgoingSender } from '../ports/outgoing-sender';
import type { WebhookStore } from '../ports/webhooks';
import type { WebhookRuntime } from './runtime-services';
import { webhookChangeConsumer } from './webhooks/webhook-change-consumer';
import { webhookDeliveryRunner, type WebhookDeliveryJob } from './webhooks/webhook-delivery-runner';
import type { WebhookRetryPolicy } from './webhooks/webhook-retries';

export interface WebhookStorePorts {
  /** The project's table, through the runtime's client (PROJECT_RUNTIME_TABLE_ACTIONS covers every call). */
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
  /** Signs the delivery lists' cursors (the project's cursor key). */
  readonly cursorSecret: string;
  readonly queue: EventJobQueue;
  /** Non-public address classes subscriptions may name: the sender's (`[]` on AWS, `['loopback']` locally). */
  readonly allowedAddresses: readonly AllowableAddressClass[];
  /** @default dns.lookup (tests answer for names no resolver has) */
  readonly resolveAll?: ResolveAll;
}

export interface WebhookDeliveryPorts {
  /** THE outgoing sender (adapters/outgoing/https-sender.ts), with the same allowed addresses. */
  readonly sender: OutgoingSender;
  readonly clock: Clock;
  /** @default DEFAULT_WEBHOOK_RETRY_POLICY (6 attempts, 30 s doubling) */
  readonly retries?: WebhookRetryPolicy;
  /** Told about an attempt that failed for a reason of ours (logged by the host). */
  readonly onInternalError?: (err: unknown, job: WebhookDeliveryJob) => void;
}

export interface WebhookPieces {
  readonly store: WebhookStore;
  /** For RuntimeServices.webhooks: what the routes drive. */
  readonly runtime: WebhookRuntime;
  /** For the change dispatcher: deliveries of each change to its organization's subscriptions. */
  readonly consumer: NamedChangeConsumer;
  /** For the event-job router: runs one `webhookDelivery` job (rejects to have it come again). */
  readonly runDelivery: (job: WebhookDeliveryJob) => Promise<void>;
}

/** How long the URL check waits for the resolver. */
export const URL_CHECK_RESOLVE_MS = 3000;

/**
 * Why a subscription may not name `url`, or null: the outgoing endpoint rules (https, no user
 * name, no refused address literal), then the host resolved and every address checked as the
 * sender will check it. A name that does not resolve now is accepted (it may later; the sender
 * checks again at every attempt).
 */
export function webhookUrlCheck(allowed: readonly AllowableAddressClass[], resolveAll: ResolveAll = systemResolveAll): (url: string) => Promise<string | null> {
  return async (url) => {
    const checked = checkEndpointUrl(url, allowed);
    if (!checked.ok) return checked.problem;
    let timer: NodeJS.Timeout | undefined;
    // A resolver that hangs must not hang the request: a name not resolved in time is taken as one that does not resolve now.
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new OutgoingRequestError('dns', 'the host name did not resolve in time')), URL_CHECK_RESOLVE_MS);
    });
    try {
      await Promise.race([pinAddress(checked.url.hostname, allowed, resolveAll), late]);
    } catch (err) {
      if (err instanceof OutgoingRequestError && err.kind === 'refused_address') return err.reason;
      if (!(err instanceof OutgoingRequestError)) throw err;
    } finally {
      clearTimeout(timer);
    }
    return null;
  };
}

/** What the webhook routes need (the runtime's services on every host with an event-job queue). */
export function webhookRuntime(ports: WebhookStorePorts, store: WebhookStore = new DynamoWebhookStore({ doc: ports.doc, tableName: ports.tableName })): WebhookRuntime {
  return { store, queue: ports.queue, urlProblem: webhookUrlCheck(ports.allowedAddresses, ports.resolveAll), cursorSecret: ports.cursorSecret };
}

/** The routes' runtime, the change consumer and the delivery runner over one store and queue. */
export function webhookPieces(ports: WebhookStorePorts & WebhookDeliveryPorts): WebhookPieces {
  const store = new DynamoWebhookStore({ doc: ports.doc, tableName: ports.tableName });
  return {
    store,
    runtime: webhookRuntime(ports, store),
    consumer: { name: 'webhooks', consume: webhookChangeConsumer({ store, queue: ports.queue, now: () => ports.clock.now() }) },
    runDelivery: webhookDeliveryRunner({
      store,
      queue: ports.queue,
      sender: ports.sender,
      clock: ports.clock,
      ...(ports.retries ? { retries: ports.retries } : {}),
      ...(ports.onInternalError ? { onInternalError: ports.onInternalError } : {}),
    }),
  };
}
