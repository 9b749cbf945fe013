/**
 * Two handler instances (two Lambda containers: separate services, separate DynamoDB clients)
 * share one counter, because the count lives in the table.
 */
import { ManualClock } from '../../lambdas/core/clock';
import { buildAllServices } from '../support/control-plane-services';
import { CONTROL_PLANE_ROUTES } from '../../lambdas/control-plane/routes';
import { login } from '../../lambdas/control-plane/use-cases/auth';
import { parseControlPlaneConfig } from '../../lambdas/shared/config';
import { ENV } from '../../lambdas/shared/env';
import { createRouteHandler } from '../../lambdas/shared/route-handler';
import { compileRoutes, lambdaContext, matchRoute, toPayloadV2Event, type GatewayRoute } from '../../local/gateway';
import type { RouteMatch } from '../../lambdas/shared/route-match';
import { createTestTable, testCredentialsFile, testDynamoEndpoint } from '../support/dynamo';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('rate limit counters', () => {
  it('are shared by two handler instances', async () => {
    const { tableName } = await createTestTable('rate');
    const { tableName: identityTable } = await createTestTable('rate-id');
    const config = parseControlPlaneConfig({
      [ENV.TABLE_NAME]: tableName,
      [ENV.DYNAMODB_ENDPOINT]: testDynamoEndpoint(),
      [ENV.LOCAL_CREDENTIALS_FILE]: testCredentialsFile(),
      [ENV.IDENTITY_MODE]: 'local',
      [ENV.USER_POOL_ID]: 'control-plane',
      [ENV.USER_POOL_CLIENT_ID]: 'client',
      [ENV.TOKEN_ISSUER]: 'urn:test',
      [ENV.JWKS_URL]: 'http://127.0.0.1:9/unused',
      [ENV.PUBLIC_URL]: 'http://127.0.0.1:9',
      [ENV.LOCAL_IDENTITY_KEYS_FILE]: join(mkdtempSync(join(tmpdir(), 'bgs-keys-')), 'keys.json'),
      [ENV.LOCAL_IDENTITY_TABLE]: identityTable,
      [ENV.RATE_LIMITS]: 'auth=4',
    });
    const clock = new ManualClock(Math.ceil(Date.now() / 60_000) * 60_000 + 1000);
    const route = CONTROL_PLANE_ROUTES.login;
    const instances = [0, 1].map(() => {
      const services = buildAllServices(config, { clock });
      return createRouteHandler(route, login, () => services);
    });
    const [match] = compileRoutes([{ method: route.method, path: route.path, functionName: 'login', handler: instances[0]! }]);
    const routeMatch = matchRoute([match!], 'POST', '/auth/login') as RouteMatch<GatewayRoute>;
    const event = () =>
      toPayloadV2Event(
        {
          method: 'POST',
          rawPath: '/auth/login',
          rawQueryString: '',
          headers: { 'content-type': 'application/json' },
          body: Buffer.from(JSON.stringify({ email: 'someone@example.com', password: 'Wrong-Password-1' })),
          sourceIp: '203.0.113.9',
          protocol: 'HTTP/1.1',
          localPort: '443',
        },
        routeMatch,
        { domainName: 'api.example.com' },
      );
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const handler = instances[i % 2]!;
      const result = (await handler(event(), lambdaContext('login'))) as { statusCode: number; headers: Record<string, string> };
      statuses.push(result.statusCode);
    }
    // 4 allowed in all (alternating instances), then refused: one counter, not one per instance.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });
});
