/**
 * Whether a child process can be run in a network namespace of its own (`unshare -rn`: user
 * namespaces allowed, as here and on most Linux CI), with no interface but loopback: offline for
 * certain. Elsewhere the tests that want "offline" get an environment without proxies only.
 */
import { execFileSync } from 'node:child_process';

export const NO_NETWORK: boolean = (() => {
  try {
    execFileSync('unshare', ['-rn', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
