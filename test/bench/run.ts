/**
 * `npm run bench`: throughput and latency of the control plane through the local gateway,
 * next to a bare node:http server answering the same JSON (the ceiling) and DynamoDB Local's
 * own GetItem rate, measured side by side in one run; and a cold-start proxy per Lambda bundle
 * (bundle size against its budget and module load time in a fresh Node process, bundles.ts), the
 * exported CDK app's kit build time and archive size (cdk-archive.ts), the synthesis function's
 * bundle and its synthesis time for 10 and 50 entities (project-synth.ts), the SDK archives'
 * render time and size (sdk-archive.ts), and the offline
 * author's timings, recall and strict F1 (author.ts, author-f1.ts). Prints a table and writes
 * bench-results/control-plane.json. Then a generated project API (the task tracker, deployed on
 * the same local service) against the same ceilings, with its DynamoDB requests per API call:
 * bench-results/project-api.json (project-api.ts). Figures drift between machines: compare ratios.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand, PutCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ensureTable, localDynamoClient } from '../../local/dynamodb-local';
import { localCredentialsFile, readLocalCredentials } from '../../lambdas/adapters/local-credentials';
import { startLocalService } from '../../local/local-service';
import { callApi } from '../support/local-service';
import { authorBench } from './author';
import { authorF1Bench, printAuthorF1Bench } from './author-f1';
import { bundleBench, printBundleBench } from './bundles';
import { cdkArchiveBench, printCdkArchiveBench } from './cdk-archive';
import { printProjectSynthBench, projectSynthBench } from './project-synth';
import { printSdkArchiveBench, sdkArchiveBench } from './sdk-archive';
import { apiReferenceBench, printApiReferenceBench } from './api-reference';
import { blueprintBench } from './blueprint';
import { CONNECTIONS, DURATION_S, load } from './load';
import { printProjectApiBench, projectApiBench } from './project-api';

const ROOT = join(__dirname, '..', '..');

async function dynamoGetRate(endpoint: string, dataDir: string): Promise<number> {
  const credentials = readLocalCredentials(localCredentialsFile(dataDir)).dynamodb;
  const doc = DynamoDBDocumentClient.from(localDynamoClient(endpoint, credentials));
  const table = 'bench-getitem';
  await ensureTable(localDynamoClient(endpoint, credentials), table);
  await doc.send(new PutCommand({ TableName: table, Item: { PK: 'k', SK: 'k', payload: 'x'.repeat(1000) } }));
  let count = 0;
  const deadline = Date.now() + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) {
        await doc.send(new GetCommand({ TableName: table, Key: { PK: 'k', SK: 'k' } }));
        count += 1;
      }
    }),
  );
  return Math.round(count / DURATION_S);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bgs-bench-'));
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  // Each mounted project's DynamoDB client, to count a project API call's requests on it.
  const projectClients = new Map<string, DynamoDBClient>();
  const service = await startLocalService({
    dataDir,
    port: 0,
    rateLimits: 'auth=1000000,project=1000000,generation=1000000,deployment=1000000',
    projectSetup: (projectId) => ({ onDynamoClient: (client) => projectClients.set(projectId, client) }),
  });
  try {
    const account = { email: 'bench@example.com', password: 'Bench-Password-1' };
    await callApi(service.url, 'POST', '/auth/signup', { body: account });
    const { accessToken } = (await callApi(service.url, 'POST', '/auth/login', { body: account })).body as { accessToken: string };
    for (let i = 0; i < 20; i++) {
      await callApi(service.url, 'POST', '/projects', { token: accessToken, body: { name: `Project ${i}`, description: 'Bench project' } });
    }
    const sample = await callApi(service.url, 'GET', '/projects', { token: accessToken });
    const body = sample.text;

    const ceiling = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
    await new Promise<void>((r) => ceiling.listen(0, '127.0.0.1', r));
    const ceilingUrl = `http://127.0.0.1:${(ceiling.address() as AddressInfo).port}/projects`;

    console.log(`Measuring ${DURATION_S}s each at ${CONNECTIONS} connections...`);
    const gateway = await load(`${service.url}/projects`, { authorization: `Bearer ${accessToken}` });
    const bare = await load(ceilingUrl);
    ceiling.close();
    const dynamoGets = await dynamoGetRate(service.dynamoEndpoint, dataDir);
    const projectApi = await projectApiBench(service, dataDir, dynamoGets, projectClients);
    const bundleRows = bundleBench();
    const cdkArchive = cdkArchiveBench();
    const projectSynth = projectSynthBench();
    const sdkArchives = sdkArchiveBench();
    const apiReference = apiReferenceBench();

    const author = authorBench();
    const authorF1 = authorF1Bench();
    const blueprints = blueprintBench();
    const results = {
      machine: { node: process.version, cpus: (await import('node:os')).cpus().length },
      at: new Date().toISOString(),
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      listProjects20: gateway,
      bareNodeHttpSameJson: bare,
      dynamoDbLocalGetItemPerSecond: dynamoGets,
      ratios: {
        gatewayToBareHttp: Math.round((gateway.requestsPerSecond / bare.requestsPerSecond) * 1000) / 1000,
        // Each GET /projects costs two DynamoDB calls (rate counter UpdateItem + Query).
        gatewayToDynamoGetItem: Math.round((gateway.requestsPerSecond / dynamoGets) * 1000) / 1000,
      },
      bundles: bundleRows,
      cdkArchive,
      projectSynth,
      sdkArchives,
      apiReference,
      offlineAuthor: author,
      offlineAuthorF1: authorF1,
      blueprintGeneration: blueprints,
    };

    console.log('\nGET /projects (20 items) through the local gateway vs. the ceilings');
    console.table({
      'local gateway -> handler -> DynamoDB Local': gateway,
      'bare node:http, same JSON from memory': bare,
      'DynamoDB Local GetItem (20 in flight)': { requestsPerSecond: dynamoGets, p50Ms: '-', p99Ms: '-', non2xx: '-' },
    });
    console.log('ratios', results.ratios);
    printProjectApiBench(projectApi);
    printBundleBench(bundleRows);
    printCdkArchiveBench(cdkArchive);
    printProjectSynthBench(projectSynth);
    printSdkArchiveBench(sdkArchives);
    printApiReferenceBench(apiReference);

    console.log('\nOffline spec author (ms: first reading in a warm process, and again) and structural recall on the examples');
    console.table(author.rows);
    console.log(`typical description, first reading: median ${author.typicalFirstMs.median} ms, slowest ${author.typicalFirstMs.max} ms; cold (first in a fresh process): ${author.coldFirstMs} ms; chat edit: ${author.chatEditMedianMs} ms; 50 entities authored and rendered: ${author.author50AndRenderMs} ms; recall ${author.recall.percent}% (${author.recall.found}/${author.recall.want})`);
    printAuthorF1Bench(authorF1);

    console.log('\nBlueprint generation and artifact rendering (warm; peak RSS of a fresh process per case)');
    console.table(blueprints.cases);
    console.log('ms per entity (flat = linear):', blueprints.msPerEntity);

    mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench-results', 'control-plane.json'), `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(join(ROOT, 'bench-results', 'project-api.json'), `${JSON.stringify(projectApi, null, 2)}\n`);
    console.log('\nwritten: bench-results/control-plane.json, bench-results/project-api.json');
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
