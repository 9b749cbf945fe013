/** Pure parts of deployments: failure log lines, stored addresses as full URLs, the optional deploy body, the manifest entries. */
import { failureMessage } from '../../lambdas/control-plane/deployment/run-deployment';
import { CONTROL_PLANE_ROUTES } from '../../lambdas/control-plane/routes';
import { DeployRequest } from '../../lambdas/control-plane/schemas';
import { absoluteUrl, publicBaseUrl } from '../../lambdas/control-plane/use-cases/base-url';
import { DeployerUnavailableError, renderError } from '../../lambdas/core/errors';
import type { Internal } from '../../lambdas/shared/http-types';
import { jsonBody } from '../../lambdas/shared/middleware/json-body';


describe('failureMessage', () => {
  it("keeps the error's first line and never its stack", () => {
    const err = new Error('bucket quota exceeded\n    at provision (project-host.ts:1:1)');
    expect(failureMessage(err)).toBe('Deployment failed: bucket quota exceeded');
    expect(failureMessage(new Error('\n  \nreason on line three\nmore'))).toBe('Deployment failed: reason on line three');
    expect(failureMessage('plain text')).toBe('Deployment failed: plain text');
    expect(failureMessage(new Error(''))).toBe('Deployment failed: unexpected error');
    expect(failureMessage({ stack: 'at x' })).toBe('Deployment failed: unexpected error');
  });
});

describe('addresses in answers', () => {
  it('come from the configured public address', () => {
    expect(publicBaseUrl({ publicUrl: 'https://api.example.com' })).toBe('https://api.example.com');
  });

  it('answer a stored path as a full URL, and keep stored URLs and nulls as they are', () => {
    const config = { publicUrl: 'http://localhost:3001' };
    expect(absoluteUrl(config, '/apis/p1')).toBe('http://localhost:3001/apis/p1');
    expect(absoluteUrl(config, 'apis/p1')).toBe('http://localhost:3001/apis/p1');
    expect(absoluteUrl(config, 'https://p1.execute-api.example.com/')).toBe('https://p1.execute-api.example.com/');
    expect(absoluteUrl(config, null)).toBeNull();
  });
});

describe('the deploy body', () => {
  const run = (optional: boolean, body: string | undefined, contentType?: string) => {
    const request = {
      event: { headers: contentType ? { 'content-type': contentType } : {}, body, isBase64Encoded: false },
      internal: { bgs: {} } as Internal,
    };
    (jsonBody({ optional }).before as (r: unknown) => void)(request);
    return request.internal.bgs.json;
  };

  it('may be left out on a route whose body is optional (it reads as {}), and is required elsewhere', () => {
    expect(CONTROL_PLANE_ROUTES.deployProject.bodyOptional).toBe(true);
    expect(run(true, undefined)).toEqual({});
    expect(run(true, '  ')).toEqual({});
    expect(run(true, '{"blueprintId":"b1"}', 'application/json')).toEqual({ blueprintId: 'b1' });
    expect(() => run(false, undefined)).toThrow(/body is required/);
    expect(() => run(true, 'x=1', 'application/x-www-form-urlencoded')).toThrow(/Content-Type/);
  });

  it('is closed and takes only a blueprint id', () => {
    expect(DeployRequest.safeParse({}).success).toBe(true);
    expect(DeployRequest.safeParse({ blueprintId: '5b3c0c1e-8f0a-4c8e-9d55-0b7f2f6a9c11' }).success).toBe(true);
    for (const body of [{ blueprintId: '' }, { blueprintId: 7 }, { blueprintId: 'a#b' }, { blueprintId: 'x'.repeat(65) }, { other: 1 }]) {
      expect([body, DeployRequest.safeParse(body).success]).toEqual([body, false]);
    }
  });
});

describe('deployment routes', () => {
  it('deploy is in the deployment rate category; reads are project operations', () => {
    expect(CONTROL_PLANE_ROUTES.deployProject).toMatchObject({ method: 'POST', path: '/projects/{projectId}/deploy', rate: 'deployment', success: { status: 202 } });
    expect(CONTROL_PLANE_ROUTES.getDeployment).toMatchObject({ method: 'GET', path: '/deployments/{deploymentId}', rate: 'project' });
    expect(CONTROL_PLANE_ROUTES.listDeployments).toMatchObject({ method: 'GET', path: '/projects/{projectId}/deployments', rate: 'project' });
  });

  it('a missing deployer is a 503 with its own code and a message the client sees', () => {
    expect(renderError(new DeployerUnavailableError())).toMatchObject({
      statusCode: 503,
      body: { code: 'DEPLOYER_UNAVAILABLE', error: expect.stringMatching(/no deployer is configured/) },
    });
  });
});
