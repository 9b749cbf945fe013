/**
 * The DynamoDB front's judgement, offline: requests exactly as the DynamoDB SDK client signs
 * them (captured before they leave), and as a signer that sends no `x-amz-content-sha256`
 * signs them; and the refusals, written as DynamoDB writes them.
 */
import { createHash } from 'node:crypto';
import { DynamoDBClient, GetItemCommand, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { SignatureV4 } from '@smithy/signature-v4';
import { dynamoDbErrorBody, judgeDynamoDbRequest } from '../../local/dynamodb-front';
import { generateSigningCredentials, LOCAL_REGION, localDynamoClientConfig } from '../../lambdas/adapters/local-credentials';
import { NodeSha256, type SigningCredentials } from '../../local/object-store/sigv4-verifier';

const CREDENTIALS = generateSigningCredentials();
const HOST = '127.0.0.1:8000';

/** The parts of the SDK's (smithy) HttpRequest read here. */
interface HttpRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: unknown;
}

interface Captured {
  method: string;
  url: string;
  headers: Record<string, string[]>;
  body: string;
}

function capture(request: HttpRequest): Captured {
  const headers: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = [value];
  headers.host ??= [HOST];
  return { method: request.method, url: request.path, headers, body: String(request.body) };
}

/** The request the DynamoDB SDK client would send, signed, with its body. */
async function signedBySdk(credentials: SigningCredentials, region = LOCAL_REGION): Promise<Captured> {
  let captured: HttpRequest | undefined;
  const client = new DynamoDBClient({
    ...localDynamoClientConfig(`http://${HOST}`, credentials),
    region,
    maxAttempts: 1,
    requestHandler: {
      handle: async (request: HttpRequest) => {
        captured = request;
        throw new Error('captured');
      },
    } as unknown as DynamoDBClientConfig['requestHandler'],
  });
  await client.send(new GetItemCommand({ TableName: 't', Key: { PK: { S: 'a' }, SK: { S: 'b' } } })).catch(() => undefined);
  client.destroy();
  if (!captured) throw new Error('the SDK sent nothing');
  return capture(captured);
}


/** A request signed without `x-amz-content-sha256` (other SDKs): the signature covers the body's hash. */
async function signedWithoutPayloadHeader(body: string): Promise<Captured> {
  const signer = new SignatureV4({ credentials: CREDENTIALS, region: LOCAL_REGION, service: 'dynamodb', sha256: NodeSha256, applyChecksum: false });
  const signed = await signer.sign({
    method: 'POST',
    protocol: 'http:',
    hostname: '127.0.0.1',
    path: '/',
    headers: { host: HOST, 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.ListTables' },
    body,
  });
  return capture(signed as HttpRequest);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function judge(request: Captured, body = request.body) {
  return judgeDynamoDbRequest({ method: request.method, url: request.url, headers: request.headers }, sha256(body), {
    credentials: CREDENTIALS,
    region: LOCAL_REGION,
    now: new Date(),
  });
}

const typeOf = (judged: Awaited<ReturnType<typeof judge>>) => (judged.ok ? 'ok' : judged.error.type);

describe('the DynamoDB front judges', () => {
  it('accepts the SDK\'s own request', async () => {
    expect(await judge(await signedBySdk(CREDENTIALS))).toEqual({ ok: true });
  });

  it('accepts a request that sends no x-amz-content-sha256, and refuses it with another body', async () => {
    const request = await signedWithoutPayloadHeader('{}');
    expect(request.headers['x-amz-content-sha256']).toBeUndefined();
    expect(await judge(request)).toEqual({ ok: true });
    expect(typeOf(await judge(request, '{"ExclusiveStartTableName":"a"}'))).toBe('InvalidSignatureException');
  });

  it('refuses a changed body, other credentials, the old fixed pair, another region and no signature', async () => {
    const request = await signedBySdk(CREDENTIALS);
    expect(typeOf(await judge(request, request.body.replace('"t"', '"u"')))).toBe('InvalidSignatureException');
    expect(typeOf(await judge(await signedBySdk(generateSigningCredentials())))).toBe('UnrecognizedClientException');
    expect(typeOf(await judge(await signedBySdk({ accessKeyId: 'local', secretAccessKey: 'local' })))).toBe('UnrecognizedClientException');
    expect(typeOf(await judge(await signedBySdk({ accessKeyId: CREDENTIALS.accessKeyId, secretAccessKey: 'guess' })))).toBe('InvalidSignatureException');
    expect(typeOf(await judge(await signedBySdk(CREDENTIALS, 'eu-west-1')))).toBe('IncompleteSignatureException');

    const { authorization: _dropped, ...unsignedHeaders } = request.headers;
    expect(await judge({ ...request, headers: unsignedHeaders })).toEqual({
      ok: false,
      error: { status: 400, type: 'MissingAuthenticationTokenException', message: 'Request is missing Authentication Token' },
    });
  });

  it('takes no presigned URL (S3\'s mechanism) for DynamoDB', async () => {
    const judged = await judgeDynamoDbRequest(
      { method: 'POST', url: '/?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=x&X-Amz-Signature=00', headers: { host: [HOST] } },
      sha256(''),
      { credentials: CREDENTIALS, region: LOCAL_REGION, now: new Date() },
    );
    expect(typeOf(judged)).toBe('MissingAuthenticationTokenException');
  });
});

describe('refusals as DynamoDB writes them', () => {
  it('carry the coral __type the SDK reads the error name from', () => {
    expect(JSON.parse(dynamoDbErrorBody({ type: 'UnrecognizedClientException', message: 'm' }))).toEqual({
      __type: 'com.amazon.coral.service#UnrecognizedClientException',
      message: 'm',
    });
  });
});
