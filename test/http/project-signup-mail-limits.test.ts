/**
 * The mails a generated project's signup sends one account are bounded per account (CONTRACT
 * "Generated project API"; auth-rate-limits.ts `signupNotices`, `signupCodes`), whatever number of
 * client addresses the signups come from, while every answer stays that of a new email: past a
 * bound nothing is mailed (or replaced), never a 429. The service runs each blueprint's own limits;
 * the golden IR is used as committed (no `auth.rateLimits`): it gets the defaults. Each signup
 * comes from its own loopback address (127.0.0.0/8 is all local on Linux), so the per-address
 * signup limit never interferes.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ManualClock } from '../../lambdas/core/clock';
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import { goldenIr } from '../support/golden-ir';
import { callApi, startTestService, type TestService } from '../support/local-service';
import { deployIr, joinProject, newProjectAccount, type ProjectApiClient } from '../support/project-api';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
// The start of a (future) UTC day plus a second: the hour and day windows start together.
const clock = new ManualClock(Math.ceil(Date.now() / DAY_MS) * DAY_MS + 1000);
let service: TestService;
let doc: DynamoDBDocumentClient;

beforeAll(async () => {
  service = await startTestService({ clock, projectAuthRateLimits: null });
  doc = DynamoDBDocumentClient.from(service.dynamoClient);
});
afterAll(() => service.stop());

/** A fresh day for each test: its windows start empty whatever the tests before it did. */
beforeEach(() => clock.set(Math.ceil(clock.now().getTime() / DAY_MS) * DAY_MS + DAY_MS + 1000));

let nextAddress = 10;
/** A loopback address no earlier signup of this file came from. */
function freshAddress(): string {
  nextAddress += 1;
  return `127.0.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 2}`;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** `POST /auth/signup` sent from `localAddress`, which the local gateway sees as the client address. */
function signupFrom(api: ProjectApiClient, body: unknown, localAddress = freshAddress()): Promise<Answer> {
  const url = new URL(`${api.baseUrl}/auth/signup`);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) as Record<string, unknown> }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function mailTo(api: ProjectApiClient, email: string): Promise<{ subject: string; code: string }[]> {
  return (await callApi(service.url, 'GET', `/_local/mail?to=${encodeURIComponent(email)}&project=${encodeURIComponent(api.projectId)}`)).body.items;
}
const notices = async (api: ProjectApiClient, email: string) => (await mailTo(api, email)).filter((m) => m.subject === 'Sign-up attempt with your email address').length;
const codeMails = async (api: ProjectApiClient, email: string) => (await mailTo(api, email)).filter((m) => m.subject === 'Your verification code').length;

/** What a client can compare between two answers: status, the counting headers, and the body's shape and types. */
function shape(answer: Answer): unknown {
  return {
    status: answer.status,
    limit: answer.headers['x-ratelimit-limit'],
    remaining: answer.headers['x-ratelimit-remaining'],
    keys: Object.keys(answer.body).sort(),
    types: Object.values(answer.body).map((v) => typeof v),
    confirmed: answer.body.confirmed,
  };
}

/** Recipe blog: single-tenant, so a signup needs only email and password. */
const deploy = (ir: BlueprintIR = goldenIr('02-recipe-blog')) => deployIr(service, ir);

describe('sign-up attempt notices to the owner of a taken email', () => {
  it('many signups from many addresses mail at most 1 notice an hour and 3 a day; every answer is a new email’s', async () => {
    const api = await deploy();
    const owner = await joinProject(service, api);
    const newcomer = shape(await signupFrom(api, newProjectAccount('newcomer')));
    expect(newcomer).toMatchObject({ status: 201, remaining: '19' });

    for (let i = 0; i < 25; i++) {
      // Spelled differently, the same account to the identity: counted as the same account.
      const email = i % 2 === 0 ? owner.email : owner.email.toUpperCase();
      const answer = await signupFrom(api, { email, password: `Attack3r-Pass-${i}` });
      expect(shape(answer)).toEqual(newcomer);
      expect(answer.body.email).toBe(owner.email);
    }
    expect(await notices(api, owner.email)).toBe(1);

    // Each new hour allows one more, up to 3 in the day.
    for (const expected of [2, 3, 3]) {
      clock.advance(HOUR_MS);
      for (let i = 0; i < 3; i++) expect(shape(await signupFrom(api, { email: owner.email, password: 'Attack3r-Pass-x' }))).toEqual(newcomer);
      expect(await notices(api, owner.email)).toBe(expected);
    }
    // A new day: the next notice goes out.
    clock.set(Math.ceil(clock.now().getTime() / DAY_MS) * DAY_MS + 1000);
    expect(shape(await signupFrom(api, { email: owner.email, password: 'Attack3r-Pass-y' }))).toEqual(newcomer);
    expect(await notices(api, owner.email)).toBe(4);
    // The owner's account is untouched by all of it.
    expect((await callApi(api.baseUrl, 'POST', '/auth/login', { body: { email: owner.email, password: owner.password } })).status).toBe(200);
  });

  it('is counted per account: a notice to one owner leaves another owner’s due', async () => {
    const api = await deploy();
    const [a, b] = [await joinProject(service, api), await joinProject(service, api)];
    for (let i = 0; i < 3; i++) await signupFrom(api, { email: a.email, password: 'Attack3r-Pass-1' });
    expect((await signupFrom(api, { email: b.email, password: 'Attack3r-Pass-1' })).status).toBe(201);
    expect([await notices(api, a.email), await notices(api, b.email)]).toEqual([1, 1]);
  });

  it('follows a blueprint’s own `signupNotices` (no notice past 2 a minute)', async () => {
    const base = goldenIr('02-recipe-blog');
    const api = await deploy({ ...base, auth: { ...base.auth, rateLimits: { signupNotices: [{ limit: 2, windowSeconds: 60 }] } } });
    const owner = await joinProject(service, api);
    for (let i = 0; i < 5; i++) expect((await signupFrom(api, { email: owner.email, password: 'Attack3r-Pass-1' })).status).toBe(201);
    expect(await notices(api, owner.email)).toBe(2);
    clock.advance(60_000);
    await signupFrom(api, { email: owner.email, password: 'Attack3r-Pass-1' });
    expect(await notices(api, owner.email)).toBe(3);
  });
});

describe('verification codes of signups that replace an unconfirmed account whose code expired', () => {
  /**
   * Ends the live code of the email's unconfirmed account, as if its lifetime had passed. A
   * replacement brings a new 24-hour code, so without this no day could hold two replacements:
   * it stands in for codes that expire sooner than the day window.
   */
  async function expireCode(api: ProjectApiClient, email: string): Promise<void> {
    await doc.send(
      new UpdateCommand({
        TableName: service.tables.identity,
        Key: { PK: `POOL#project-${api.projectId}#USER#${email}`, SK: 'USER' },
        UpdateExpression: 'SET confirmation.expiresAt = :past',
        ExpressionAttributeValues: { ':past': clock.now().getTime() - 1 },
      }),
    );
  }

  it('mails at most 5 a day per account; past it the abandoned account stays and the answer is the same', async () => {
    const api = await deploy();
    const account = newProjectAccount('abandoned');
    const first = await signupFrom(api, account);
    const newcomer = shape(first);
    expect(await codeMails(api, account.email)).toBe(1);

    const ids = new Set<unknown>([first.body.userId]);
    for (let i = 0; i < 5; i++) {
      await expireCode(api, account.email);
      const again = await signupFrom(api, { email: account.email, password: `Replacement-${i}A` });
      expect(shape(again)).toEqual(newcomer);
      ids.add(again.body.userId);
    }
    expect(await codeMails(api, account.email)).toBe(6);

    await expireCode(api, account.email);
    const refused = await signupFrom(api, { email: account.email, password: 'Replacement-6A' });
    expect(shape(refused)).toEqual(newcomer);
    expect(await codeMails(api, account.email)).toBe(6);
    // Nobody's password took: the fifth replacement's account is still the one there.
    expect((await callApi(api.baseUrl, 'POST', '/auth/login', { body: { email: account.email, password: 'Replacement-6A' } })).status).toBe(401);
    expect((await callApi(api.baseUrl, 'POST', '/auth/login', { body: { email: account.email, password: 'Replacement-4A' } })).status).toBe(403);

    // The next day the next replacement goes through, with its code.
    clock.set(Math.ceil(clock.now().getTime() / DAY_MS) * DAY_MS + 1000);
    const nextDay = await signupFrom(api, { email: account.email, password: 'Replacement-7A' });
    expect(shape(nextDay)).toEqual(newcomer);
    expect(await codeMails(api, account.email)).toBe(7);
    expect((await callApi(api.baseUrl, 'POST', '/auth/login', { body: { email: account.email, password: 'Replacement-7A' } })).status).toBe(403);
  });
});
