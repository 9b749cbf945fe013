/**
 * A Java without the jdk.compiler module (a bare JRE) cannot run the source launcher that binds
 * DynamoDB Local to loopback. Then nothing starts: `npm start` says what is missing and exits,
 * rather than running DynamoDB Local listening on every interface. The JRE here is a real one,
 * made with the JDK's own jlink (java.base only).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { JavaCompilerMissingError, startDynamoDbLocal } from '../../local/dynamodb-local';
import { generateSigningCredentials } from '../../lambdas/adapters/local-credentials';

describe('a Java without the jdk.compiler module', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bgs-jre-'));
  const jre = join(dir, 'jre');
  beforeAll(() => {
    const jdkBin = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin') : dirname(realpathSync(execFileSync('which', ['java'], { encoding: 'utf8' }).trim()));
    execFileSync(join(jdkBin, 'jlink'), ['--add-modules', 'java.base', '--output', jre, '--no-header-files', '--no-man-pages'], { stdio: 'ignore' });
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gets a JavaCompilerMissingError from the DynamoDB Local launcher', async () => {
    await expect(startDynamoDbLocal({ javaCommand: join(jre, 'bin', 'java'), credentials: generateSigningCredentials() })).rejects.toBeInstanceOf(JavaCompilerMissingError);
  });

  it('gets a clear message from npm start, and nothing keeps running', () => {
    const root = join(__dirname, '..', '..');
    const result = spawnSync(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'bin', 'bgs-local.ts')], {
      cwd: root,
      env: { ...process.env, JAVA_HOME: jre, PORT: '0', BGS_DATA_DIR: join(dir, 'data') },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/BGS cannot start: The Java at .* lacks the jdk\.compiler module.*JDK/s);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
