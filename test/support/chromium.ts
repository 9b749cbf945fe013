/**
 * The headless browser of the browser tests: Debian's Chromium driven by playwright-core (its own
 * browser download is not reachable here). Found at BGS_CHROMIUM, else on the PATH; when none is
 * found the test fails saying how to install one, never skips. Every request a page makes outside
 * loopback is refused and recorded, so a page that reaches for the internet is caught.
 */
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

export const CHROMIUM_MISSING =
  'No Chromium found for the browser tests: install Debian\'s (`apt-get install -y chromium`, which .ci/run does when it is missing) or set BGS_CHROMIUM to a Chromium or Chrome executable.';

export function chromiumPath(): string {
  const configured = process.env.BGS_CHROMIUM;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`BGS_CHROMIUM=${configured} does not exist. ${CHROMIUM_MISSING}`);
    return configured;
  }
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of NAMES) if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  throw new Error(CHROMIUM_MISSING);
}

export async function launchChromium(): Promise<Browser> {
  // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A context whose requests beyond loopback are refused; `refused` lists them. */
export async function loopbackOnlyContext(browser: Browser): Promise<{ context: BrowserContext; refused: string[] }> {
  const context = await browser.newContext();
  const refused: string[] = [];
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if ((url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK.has(url.hostname)) return route.continue();
    if (url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
    refused.push(url.href);
    return route.abort('blockedbyclient');
  });
  return { context, refused };
}
