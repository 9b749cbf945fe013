/**
 * The outgoing sender the tests' local services use: the product's HTTPS sender (loopback
 * allowed, as the local service allows it), refusing every request to anything but this machine
 * the way the sender refuses an address (OutgoingRequestError `refused_address`). A fuzzed
 * webhook to a public address then fails at once, recorded like any refused one, and no test
 * sends beyond loopback.
 */
import { HttpsSender } from '../../lambdas/adapters/outgoing/https-sender';
import { OutgoingRequestError } from '../../lambdas/core/outgoing/outgoing-failure';
import type { Clock } from '../../lambdas/core/clock';
import type { OutgoingRequest, OutgoingResponse, OutgoingSender } from '../../lambdas/ports/outgoing-sender';

const LOOPBACK_HOSTS = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\])$/i;

export function loopbackOnlySender(clock?: Clock): OutgoingSender {
  const sender = new HttpsSender({ allowedAddresses: ['loopback'], ...(clock ? { nowSeconds: () => Math.floor(clock.now().getTime() / 1000) } : {}) });
  return {
    send(request: OutgoingRequest): Promise<OutgoingResponse> {
      let host = '';
      try {
        host = new URL(request.url).hostname;
      } catch {
        // The sender says what is wrong with it.
        return sender.send(request);
      }
      if (!LOOPBACK_HOSTS.test(host)) return Promise.reject(new OutgoingRequestError('refused_address', `tests send nothing beyond loopback (${host})`));
      return sender.send(request);
    },
  };
}
