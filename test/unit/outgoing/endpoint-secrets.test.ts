/**
 * The two EndpointSecrets adapters: Secrets Manager against a mocked client (the exact requests,
 * names under bgs/endpoints/, a missing secret, an outage as 503), and the local store
 * (AES-256-GCM in a data directory: owner-only files, bound to their reference, a damaged key refused).
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateSecretCommand,
  DeleteSecretCommand,
  GetSecretValueCommand,
  InternalServiceError,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { ServiceUnavailableError } from '../../../lambdas/core/errors';
import { SecretsManagerEndpointSecrets } from '../../../lambdas/adapters/secrets/secrets-manager-endpoint-secrets';
import { LocalEndpointSecrets } from '../../../lambdas/adapters/secrets/local-endpoint-secrets';

const projectId = '0b6c2f1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';

describe('Secrets Manager', () => {
  const sm = mockClient(SecretsManagerClient);
  beforeEach(() => sm.reset());
  const store = () => new SecretsManagerEndpointSecrets(new SecretsManagerClient({ region: 'us-east-1' }));

  it('creates one secret per change, named bgs/endpoints/<project>/<endpoint>/<uuid>', async () => {
    sm.on(CreateSecretCommand).resolves({});
    const ref = await store().store(projectId, 'billing', 'whsec_0123456789abcdef');
    expect(ref).toMatch(new RegExp(`^bgs/endpoints/${projectId}/billing/[0-9a-f-]{36}$`));
    const input = sm.commandCalls(CreateSecretCommand)[0]!.args[0].input;
    expect(input).toEqual({ Name: ref, SecretString: 'whsec_0123456789abcdef', Description: expect.stringContaining('billing') });
    expect(await store().store(projectId, 'billing', 'x'.repeat(16))).not.toBe(ref);
  });

  it('deletes without a recovery window; a secret already gone is fine', async () => {
    sm.on(DeleteSecretCommand).resolvesOnce({}).rejectsOnce(new ResourceNotFoundException({ message: 'gone', $metadata: {} }));
    await store().remove('bgs/endpoints/p/billing/1');
    await store().remove('bgs/endpoints/p/billing/1');
    expect(sm.commandCalls(DeleteSecretCommand)[0]!.args[0].input).toEqual({ SecretId: 'bgs/endpoints/p/billing/1', ForceDeleteWithoutRecovery: true });
  });

  it('reads a secret for sending; undefined when it is gone', async () => {
    sm.on(GetSecretValueCommand).resolvesOnce({ SecretString: 's3cret-s3cret-s3cret' }).rejectsOnce(new ResourceNotFoundException({ message: 'gone', $metadata: {} }));
    expect(await store().read('bgs/endpoints/p/billing/1')).toBe('s3cret-s3cret-s3cret');
    expect(await store().read('bgs/endpoints/p/billing/1')).toBeUndefined();
  });

  it('never touches a name outside bgs/endpoints/', async () => {
    await expect(store().read('prod/database-password')).rejects.toThrow('Not an endpoint secret reference');
    await expect(store().remove('prod/database-password')).rejects.toThrow('Not an endpoint secret reference');
    expect(sm.calls()).toHaveLength(0);
  });

  it('an outage or throttling is 503 SERVICE_UNAVAILABLE, not a 500', async () => {
    sm.on(CreateSecretCommand).rejects(new InternalServiceError({ message: 'boom', $metadata: {} }));
    await expect(store().store(projectId, 'billing', 'whsec_0123456789abcdef')).rejects.toBeInstanceOf(ServiceUnavailableError);
    sm.on(DeleteSecretCommand).rejects(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }));
    await expect(store().remove('bgs/endpoints/p/b/1')).rejects.toBeInstanceOf(ServiceUnavailableError);
  });
});

describe('local store', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'bgs-secrets-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps secrets encrypted, owner-only, readable back by a new instance (a restart)', async () => {
    const ref = await new LocalEndpointSecrets(dataDir).store(projectId, 'billing', 'plain-secret-value-123');
    const [file] = readdirSync(join(dataDir, 'endpoint-secrets'));
    const text = readFileSync(join(dataDir, 'endpoint-secrets', file!), 'utf8');
    expect(text).not.toContain('plain-secret-value-123');
    expect(JSON.parse(text)).toEqual({ version: 1, iv: expect.any(String), tag: expect.any(String), ciphertext: expect.any(String) });
    expect(statSync(join(dataDir, 'endpoint-secrets', file!)).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'endpoint-secrets.key')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'endpoint-secrets')).mode & 0o777).toBe(0o700);
    expect(await new LocalEndpointSecrets(dataDir).read(ref)).toBe('plain-secret-value-123');
  });

  it('binds a file to its reference, refuses a tampered file, and forgets removed secrets', async () => {
    const secrets = new LocalEndpointSecrets(dataDir);
    const a = await secrets.store(projectId, 'a_hook', 'secret-of-a-0123456');
    const b = await secrets.store(projectId, 'b_hook', 'secret-of-b-0123456');
    const dir = join(dataDir, 'endpoint-secrets');
    // Swap the two files: each now holds the other's ciphertext, whose additional data (its reference) does not match.
    const [first, second] = readdirSync(dir).map((f) => join(dir, f));
    const [firstText, secondText] = [readFileSync(first!, 'utf8'), readFileSync(second!, 'utf8')];
    writeFileSync(first!, secondText);
    writeFileSync(second!, firstText);
    await expect(secrets.read(a)).rejects.toThrow();
    await expect(secrets.read(b)).rejects.toThrow();
    await secrets.remove(b);
    await secrets.remove(b);
    expect(await secrets.read(b)).toBeUndefined();
  });

  it('refuses a damaged key rather than making a new one', async () => {
    const ref = await new LocalEndpointSecrets(dataDir).store(projectId, 'billing', 'plain-secret-value-123');
    chmodSync(join(dataDir, 'endpoint-secrets.key'), 0o600);
    writeFileSync(join(dataDir, 'endpoint-secrets.key'), 'short');
    await expect(new LocalEndpointSecrets(dataDir).read(ref)).rejects.toThrow(/damaged/);
  });
});
