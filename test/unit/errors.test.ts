import { controlPlaneOpenApi } from '../../lambdas/control-plane/openapi';
import { renderOpenApi } from '../../lambdas/core/blueprint/render/openapi';
import {
  AccountLockedError,
  CONTROL_PLANE_ERROR_CODES,
  ConflictError,
  ERROR_CODES,
  HttpError,
  InternalError,
  ModelUnavailableError,
  NotFoundError,
  PROJECT_API_ERROR_CODES,
  RateLimitedError,
  renderError,
  ValidationError,
} from '../../lambdas/core/errors';
import { goldenIr } from '../support/golden-ir';

describe('error rendering', () => {
  it('renders client errors as { error, code } with their status', () => {
    expect(renderError(new NotFoundError('Project not found'))).toEqual({
      statusCode: 404,
      headers: {},
      body: { error: 'Project not found', code: 'NOT_FOUND' },
      serverFault: false,
    });
    expect(renderError(new ConflictError('archived')).body).toEqual({ error: 'archived', code: 'CONFLICT' });
  });

  it('keeps validation details', () => {
    const rendered = renderError(new ValidationError('bad', [{ path: 'body.name', message: 'is required' }]));
    expect(rendered.statusCode).toBe(400);
    expect(rendered.body).toEqual({ error: 'bad', code: 'VALIDATION_ERROR', details: [{ path: 'body.name', message: 'is required' }] });
  });

  it('adds Retry-After to 429s', () => {
    expect(renderError(new RateLimitedError(17.2)).headers['retry-after']).toBe('18');
    expect(renderError(new AccountLockedError(0.2)).headers['retry-after']).toBe('1');
    expect(renderError(new AccountLockedError(3)).body.code).toBe('ACCOUNT_LOCKED');
  });

  it('never shows the message or stack of a server fault', () => {
    for (const err of [new Error('secret table name in /var/task'), new InternalError('db password'), new HttpError(502, 'DEPLOYER_UNAVAILABLE', 'upstream'), 'a string', null]) {
      const rendered = renderError(err);
      expect(rendered).toEqual({ statusCode: 500, headers: {}, body: { error: 'Internal error', code: 'INTERNAL' }, serverFault: true });
    }
  });

  it('passes MODEL_UNAVAILABLE through as 503', () => {
    expect(renderError(new ModelUnavailableError())).toMatchObject({ statusCode: 503, body: { code: 'MODEL_UNAVAILABLE' } });
  });
});

describe('error codes (ERROR_CODES)', () => {
  it('every code is answered by the control plane, a generated API, or both', () => {
    expect(new Set([...CONTROL_PLANE_ERROR_CODES, ...PROJECT_API_ERROR_CODES])).toEqual(new Set(ERROR_CODES));
    expect(PROJECT_API_ERROR_CODES).toContain('NOT_IMPLEMENTED');
    expect(CONTROL_PLANE_ERROR_CODES).not.toContain('NOT_IMPLEMENTED');
    expect(PROJECT_API_ERROR_CODES).not.toContain('MODEL_UNAVAILABLE');
  });

  it('both OpenAPI documents list the codes their API answers on Error.code', () => {
    const codeOf = (doc: unknown) => (doc as { components: { schemas: { Error: { properties: { code: { enum?: string[] } } } } } }).components.schemas.Error.properties.code.enum;
    expect(codeOf(controlPlaneOpenApi('https://bgs.example'))).toEqual([...CONTROL_PLANE_ERROR_CODES]);
    expect(codeOf(renderOpenApi({ ir: goldenIr('01-task-tracker'), serverUrl: 'https://bgs.example/apis/p' }))).toEqual([...PROJECT_API_ERROR_CODES]);
  });
});
