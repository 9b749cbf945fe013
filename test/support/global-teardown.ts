import { rmSync } from 'node:fs';
import type { GlobalSetupState } from './global-setup';

export default async function globalTeardown(): Promise<void> {
  const state = globalThis as GlobalSetupState;
  await state.__bgsDynamo?.stop();
  if (state.__bgsCredentialsDir) rmSync(state.__bgsCredentialsDir, { recursive: true, force: true });
}
