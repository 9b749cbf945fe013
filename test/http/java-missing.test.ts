/** Without Java, `npm start` stops at once and says what is missing (no stack trace, exit 1). */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JavaMissingError, startDynamoDbLocal } from '../../local/dynamodb-local';
import { generateSigningCredentials } from '../../lambdas/adapters/local-credentials';

describe('a machine without Java', () => {
  it('gets a JavaMissingError from the DynamoDB Local launcher', async () => {
    await expect(startDynamoDbLocal({ javaCommand: '/nonexistent/bin/java', credentials: generateSigningCredentials() })).rejects.toBeInstanceOf(JavaMissingError);
  });

  it('gets a clear message from npm start', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bgs-nojava-'));
    // A PATH with Node and nothing else (on this machine node and java share /usr/bin).
    const binDir = join(dataDir, 'bin');
    mkdirSync(binDir);
    symlinkSync(process.execPath, join(binDir, 'node'));
    try {
      const root = join(__dirname, '..', '..');
      const result = spawnSync(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'bin', 'bgs-local.ts')], {
        cwd: root,
        // Node itself stays reachable; only Java is gone.
        env: { ...process.env, PATH: binDir, JAVA_HOME: '', PORT: '0', BGS_DATA_DIR: join(dataDir, 'data') },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/BGS cannot start: Java was not found.*Java 17\+/s);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
