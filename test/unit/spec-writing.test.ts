/**
 * Writing spec version 1 in the background (lambdas/control-plane/spec-writing/): the writer's
 * run over an in-memory store and a fake model (written, failed and metered, at most once, not
 * after its start window, a storage error shown generically), the rule that ends a crashed
 * writer's project, the NOT_READY answers, and the two writers (the local one's idle, the AWS
 * one's asynchronous invocation).
 */
import type { Logger } from '@aws-lambda-powertools/logger';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ManualClock } from '../../lambdas/core/clock';
import { HttpError } from '../../lambdas/core/errors';
import { MeteredAuthor } from '../../lambdas/control-plane/metered-author';
import { draftFirstVersion, UNEXPECTED_WRITE_FAILURE, writeFirstVersion, type SpecWriterServices } from '../../lambdas/control-plane/spec-writing/first-version';
import { LambdaSpecWriter } from '../../lambdas/control-plane/spec-writing/lambda-spec-writer';
import { LocalSpecWriter } from '../../lambdas/control-plane/spec-writing/local-spec-writer';
import { requireSpecReady, specStatusAt, SPEC_WRITING_TIMED_OUT } from '../../lambdas/control-plane/spec-writing/spec-status';
import { SPEC_WRITER, SPEC_WRITING_GIVE_UP_MS } from '../../lambdas/control-plane/spec-writing/spec-writer-function';
import type { InitialSpec, Project, ProjectRepository } from '../../lambdas/ports/project-repository';
import { ModelCallError, type DraftInput, type SpecAuthorPort } from '../../lambdas/ports/spec-author';
import type { UsageInput, UsageRepository } from '../../lambdas/ports/usage-repository';

const SPEC = readFileSync(join(__dirname, '..', 'fixtures', 'spec', 'example.md'), 'utf8');
const T0 = Date.parse('2030-01-01T00:00:00.000Z');
const usageOf = (outputTokens: number) => ({ provider: 'fake', model: 'fake-model', inputTokens: 100, outputTokens, latencyMs: 5, costMicros: 7 });

/** The project store's spec-writing part, as DynamoProjectRepository keeps it: claimed once, written or failed once. */
class MemoryProjects {
  readonly items = new Map<string, { project: Project; ownerId: string; claimedAt?: string; spec?: InitialSpec }>();
  failRecording: Error | undefined;

  add(id: string, createdAt: Date, specStatus: Project['specStatus'] = 'writing'): void {
    const at = createdAt.toISOString();
    const project: Project = {
      id, name: 'Library', description: 'Books and loans', status: 'active', createdAt: at, updatedAt: at,
      latestSpecVersion: specStatus === 'ready' ? 1 : null, latestBlueprintId: null, activeDeploymentId: null, apiBaseUrl: null, specStatus, specError: null,
    };
    this.items.set(id, { project, ownerId: 'owner-1' });
  }

  get(id: string): Project {
    return this.items.get(id)!.project;
  }

  readonly port: Pick<ProjectRepository, 'claimSpecWriting' | 'recordFirstVersion' | 'failSpecWriting'> = {
    claimSpecWriting: async (id, now, createdSince) => {
      const item = this.items.get(id);
      if (!item || item.project.specStatus !== 'writing' || item.claimedAt || item.project.createdAt < createdSince.toISOString()) return null;
      item.claimedAt = now.toISOString();
      return { project: item.project, ownerId: item.ownerId };
    },
    recordFirstVersion: async (id, now, initialSpec) => {
      if (this.failRecording) throw this.failRecording;
      const item = this.items.get(id)!;
      if (item.project.specStatus !== 'writing') return false;
      item.spec = initialSpec;
      item.project = { ...item.project, specStatus: 'ready', latestSpecVersion: 1, updatedAt: now.toISOString() };
      return true;
    },
    failSpecWriting: async (id, now, error) => {
      const item = this.items.get(id)!;
      if (item.project.specStatus !== 'writing') return false;
      item.project = { ...item.project, specStatus: 'failed', specError: error, updatedAt: now.toISOString() };
      return true;
    },
  };
}

/** A model that answers after `gate` opens, or fails as told. */
class FakeModel implements SpecAuthorPort {
  readonly provider = 'fake';
  readonly model = 'fake-model';
  calls: DraftInput[] = [];
  failure: Error | undefined;
  gate: Promise<void> = Promise.resolve();

  async draft(input: DraftInput) {
    this.calls.push(input);
    await this.gate;
    if (this.failure) throw this.failure;
    return { content: SPEC, assistantMessage: 'I wrote a spec with books and loans.', usage: usageOf(900) };
  }

  async edit(): Promise<never> {
    throw new Error('not used');
  }
}

class MemoryUsage implements Pick<UsageRepository, 'record'> {
  readonly records: Array<UsageInput & { userId: string }> = [];
  async record(userId: string, usage: UsageInput) {
    this.records.push({ userId, ...usage });
    return {} as never;
  }
}

const silentLogger = { info: () => undefined, error: () => undefined } as unknown as Logger;

function setup() {
  const clock = new ManualClock(T0);
  const projects = new MemoryProjects();
  const model = new FakeModel();
  const usage = new MemoryUsage();
  const author = new MeteredAuthor(model, usage as unknown as UsageRepository, clock);
  const services: SpecWriterServices = { projects: projects.port as ProjectRepository, author, clock, logger: silentLogger };
  return { clock, projects, model, usage, author, services };
}

describe('writeFirstVersion', () => {
  it('writes version 1 and the first assistant message from the description, meters the call, and makes the project ready', async () => {
    const { projects, model, usage, services } = setup();
    projects.add('p1', new Date(T0));
    await expect(writeFirstVersion(services, 'p1')).resolves.toBe('written');
    expect(model.calls).toEqual([{ projectName: 'Library', description: 'Books and loans' }]);
    expect(projects.items.get('p1')!.spec).toEqual({ content: SPEC, lastUserMessage: null, assistantMessage: 'I wrote a spec with books and loans.' });
    expect(projects.get('p1')).toMatchObject({ specStatus: 'ready', latestSpecVersion: 1, specError: null });
    expect(usage.records).toEqual([expect.objectContaining({ userId: 'owner-1', operation: 'spec.draft', projectId: 'p1', outcome: 'succeeded', outputTokens: 900 })]);
  });

  it('writes what the synchronous path writes (draftFirstVersion, the same function)', async () => {
    const { projects, author, services } = setup();
    projects.add('p1', new Date(T0));
    await writeFirstVersion(services, 'p1');
    expect(projects.items.get('p1')!.spec).toEqual(await draftFirstVersion(author, 'owner-1', 'p1', { name: 'Library', description: 'Books and loans' }));
  });

  it('ends the project failed with the model’s public message when the model fails, and meters the failed call', async () => {
    const { projects, model, usage, services } = setup();
    projects.add('p1', new Date(T0));
    model.failure = new ModelCallError('The language model took too long to answer; try again', usageOf(0), { reason: 'timeout', cause: new Error('provider secret text') });
    await expect(writeFirstVersion(services, 'p1')).resolves.toBe('failed');
    expect(projects.get('p1')).toMatchObject({ specStatus: 'failed', specError: 'The language model took too long to answer; try again', latestSpecVersion: null });
    expect(usage.records).toEqual([expect.objectContaining({ operation: 'spec.draft', outcome: 'failed' })]);
  });

  it('shows a client error as it is (a spec too large for a version) and any other error generically', async () => {
    const tooLarge = setup();
    tooLarge.projects.add('p1', new Date(T0));
    tooLarge.projects.failRecording = new HttpError(413, 'PAYLOAD_TOO_LARGE', 'The spec is 500000 bytes in UTF-8; a spec version may hold at most 400000 bytes');
    await expect(writeFirstVersion(tooLarge.services, 'p1')).resolves.toBe('failed');
    expect(tooLarge.projects.get('p1').specError).toMatch(/^The spec is 500000 bytes/);

    const storage = setup();
    storage.projects.add('p1', new Date(T0));
    storage.projects.failRecording = Object.assign(new Error('ProvisionedThroughputExceededException on table bgs-control-plane'), { name: 'ProvisionedThroughputExceededException' });
    await expect(writeFirstVersion(storage.services, 'p1')).resolves.toBe('failed');
    expect(storage.projects.get('p1').specError).toBe(UNEXPECTED_WRITE_FAILURE);
  });

  it('writes at most once: a repeated or concurrent invocation does nothing and calls no model', async () => {
    const { projects, model, services } = setup();
    projects.add('p1', new Date(T0));
    let open!: () => void;
    model.gate = new Promise((resolve) => (open = resolve));
    const first = writeFirstVersion(services, 'p1');
    await expect(writeFirstVersion(services, 'p1')).resolves.toBe('skipped');
    open();
    await expect(first).resolves.toBe('written');
    await expect(writeFirstVersion(services, 'p1')).resolves.toBe('skipped');
    expect(model.calls).toHaveLength(1);
  });

  it('does nothing for a project already ready or failed, or once its start window has passed', async () => {
    const { projects, model, clock, services } = setup();
    projects.add('ready', new Date(T0), 'ready');
    projects.add('failed', new Date(T0), 'failed');
    projects.add('late', new Date(T0));
    clock.advance(SPEC_WRITER.startWindowSeconds * 1000 + 1);
    for (const id of ['ready', 'failed', 'late']) await expect(writeFirstVersion(services, id)).resolves.toBe('skipped');
    expect(model.calls).toEqual([]);
    expect(projects.get('late').specStatus).toBe('writing');
  });
});

describe('the spec status a project reads with', () => {
  const project = (specStatus: Project['specStatus'], specError: string | null = null): Project => ({
    id: 'p1', name: 'n', description: 'd', status: 'active', createdAt: new Date(T0).toISOString(), updatedAt: new Date(T0).toISOString(),
    latestSpecVersion: specStatus === 'ready' ? 1 : null, latestBlueprintId: null, activeDeploymentId: null, apiBaseUrl: null, specStatus, specError,
  });

  it('reads a write no writer can still finish as failed, and nothing else changes', () => {
    // No writer runs past its start window plus its timeout: the rule comes after both, with a margin.
    expect(SPEC_WRITING_GIVE_UP_MS).toBeGreaterThan((SPEC_WRITER.startWindowSeconds + SPEC_WRITER.timeoutSeconds) * 1000);
    expect(SPEC_WRITER.timeoutSeconds * 1000).toBeGreaterThan(SPEC_WRITER.modelDeadlineMs);
    expect(specStatusAt(project('writing'), new Date(T0 + SPEC_WRITING_GIVE_UP_MS))).toMatchObject({ specStatus: 'writing', specError: null });
    expect(specStatusAt(project('writing'), new Date(T0 + SPEC_WRITING_GIVE_UP_MS + 1))).toMatchObject({ specStatus: 'failed', specError: SPEC_WRITING_TIMED_OUT });
    expect(specStatusAt(project('ready'), new Date(T0 + 10 * SPEC_WRITING_GIVE_UP_MS)).specStatus).toBe('ready');
    expect(specStatusAt(project('failed', 'x'), new Date(T0 + 10 * SPEC_WRITING_GIVE_UP_MS)).specError).toBe('x');
  });

  it('answers 409 NOT_READY until version 1 is written, saying what to do; apply passes a failed project', () => {
    const now = new Date(T0 + 1000);
    const refusal = (p: Project, failedOk = false) => {
      try {
        requireSpecReady(p, now, { failedOk });
        return undefined;
      } catch (err) {
        return { status: (err as HttpError).statusCode, code: (err as HttpError).code, message: (err as HttpError).message };
      }
    };
    expect(refusal(project('ready'))).toBeUndefined();
    expect(refusal(project('writing'))).toEqual({ status: 409, code: 'NOT_READY', message: expect.stringMatching(/still being written.*GET \/projects\/p1/) });
    expect(refusal(project('writing'), true)).toMatchObject({ code: 'NOT_READY' });
    expect(refusal(project('failed', 'The language model is busy; try again shortly'))).toEqual({
      status: 409,
      code: 'NOT_READY',
      message: expect.stringMatching(/failed: The language model is busy; try again shortly\. Save a spec with POST \/projects\/p1\/spec\/apply .*create the project again/),
    });
    expect(refusal(project('failed', 'x'), true)).toBeUndefined();
  });
});

describe('the spec writers', () => {
  it('locally: runs in the background after the request, once per project at a time, and idle() waits for it', async () => {
    const { projects, model, services } = setup();
    projects.add('p1', new Date(T0));
    let open!: () => void;
    model.gate = new Promise((resolve) => (open = resolve));
    const writer = new LocalSpecWriter(async () => services);
    await writer.start('p1');
    await writer.start('p1');
    expect(projects.get('p1').specStatus).toBe('writing');
    let idle = false;
    const waiting = writer.idle().then(() => (idle = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(idle).toBe(false);
    open();
    await waiting;
    expect(projects.get('p1').specStatus).toBe('ready');
    expect(model.calls).toHaveLength(1);
  });

  it('on AWS: invokes the writer function asynchronously with the project id, and fails when Lambda does not accept it', async () => {
    const lambda = mockClient(LambdaClient);
    try {
      lambda.on(InvokeCommand).resolves({ StatusCode: 202 });
      await new LambdaSpecWriter(new LambdaClient({ region: 'us-east-1' }), 'BgsControlPlane-SpecWriter').start('p1');
      const [call] = lambda.commandCalls(InvokeCommand);
      expect(call!.args[0].input).toMatchObject({ FunctionName: 'BgsControlPlane-SpecWriter', InvocationType: 'Event' });
      expect(JSON.parse(new TextDecoder().decode(call!.args[0].input.Payload as Uint8Array))).toEqual({ projectId: 'p1' });

      lambda.on(InvokeCommand).resolves({ StatusCode: 500 });
      await expect(new LambdaSpecWriter(new LambdaClient({ region: 'us-east-1' }), 'w').start('p1')).rejects.toThrow(/did not accept/);
    } finally {
      lambda.restore();
    }
  });
});
