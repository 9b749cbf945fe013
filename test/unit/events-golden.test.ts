/**
 * The events fixture (test/fixtures/producers/events.ts): its spec, IR, OpenAPI and design
 * document goldens are current; the IR is valid; the OpenAPI validates with its extensions; the
 * design document explains the handler, the jobs and their retries.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { validateBlueprint } from '../../lambdas/core/blueprint/validate-blueprint';
import { parseSpec } from '../../lambdas/core/spec/parse-spec';
import type { OpenAPIObject } from '../../lambdas/core/blueprint/render/openapi';
import { EVENTS_DESIGN_PATH, EVENTS_IR_PATH, EVENTS_OPENAPI_PATH, EVENTS_SPEC, EVENTS_SPEC_PATH, eventsArtifacts, eventsIr, eventsSpec } from '../fixtures/producers/events';
import { assertGoldenCurrent, readRepositoryFile, type GoldenProducer } from '../fixtures/producers/golden-producer';
import { parseGoldenIr } from '../support/golden-ir';

describe.each<[string, GoldenProducer]>([
  ['spec', eventsSpec],
  ['IR', eventsIr],
  ['artifacts', eventsArtifacts],
])('the events %s goldens', (_layer, producer) => {
  const produced = producer.produce(readRepositoryFile);
  it.each(Object.keys(produced).map((path) => [path] as const))('%s is current', (path) => {
    assertGoldenCurrent(producer, path, produced[path]!);
  });
});

describe('the events fixture', () => {
  it('its spec parses back to EVENTS_SPEC', () => {
    const parsed = parseSpec(readRepositoryFile(EVENTS_SPEC_PATH));
    expect(parsed.ok && parsed.spec).toEqual(EVENTS_SPEC);
  });

  it('its IR has the handler and both jobs, and validates without errors or warnings', () => {
    const ir = parseGoldenIr(readRepositoryFile(EVENTS_IR_PATH));
    expect(ir.events?.map((handler) => handler.name)).toEqual(['notify_owner_on_win']);
    expect(ir.schedules?.map((job) => [job.name, job.expression, job.timezone])).toEqual([
      ['close_stale_deals', 'cron(0 2 * * ? *)', 'UTC'],
      ['weekly_deal_summary', 'cron(0 8 ? * MON *)', 'UTC'],
    ]);
    expect(validateBlueprint(ir)).toEqual({ valid: true, errors: [], warnings: [] });
  });

  it('its OpenAPI passes swagger-parser validation, with the handlers and jobs as extensions and in the description', async () => {
    const doc = JSON.parse(readRepositoryFile(EVENTS_OPENAPI_PATH)) as OpenAPIObject;
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(doc['x-bgs-event-handlers']?.map((handler) => [handler.name, handler.retry])).toEqual([['notify_owner_on_win', { retries: 4, backoffSeconds: 30 }]]);
    expect(doc['x-bgs-scheduled-jobs']?.map((job) => [job.name, job.retry])).toEqual([
      ['close_stale_deals', { retries: 2, backoffSeconds: 300 }],
      ['weekly_deal_summary', { retries: 4, backoffSeconds: 30 }],
    ]);
    expect(doc.info.description).toContain('Event handlers (`x-bgs-event-handlers`): notify_owner_on_win.');
    expect(doc.info.description).toContain('Scheduled jobs (`x-bgs-scheduled-jobs`): close_stale_deals (`cron(0 2 * * ? *)`, UTC)');
  });

  it('its design document explains when each runs, what it does, its retries and where failures are parked', () => {
    const doc = readRepositoryFile(EVENTS_DESIGN_PATH);
    expect(doc).toContain("Runs when a Deal's stage becomes won, and then:\n\n1. Email the record's owner: \"Deal won\".");
    expect(doc).toContain('| close_stale_deals | `cron(0 2 * * ? *)` | UTC | each Deal whose stage is open and updated_at is more than 90 days ago |');
    expect(doc).toContain('A failed run is retried up to 4 times (first after 30 seconds, each next delay doubled), then parked for an admin (`GET /admin/events/failures`).');
    expect(doc).toContain('A failed run is retried up to 2 times (first after 5 minutes');
    expect(doc).toContain("A job runs once per organization, on that organization's records");
    expect(doc).toContain('An email to a role is sent once per run, listing the records.');
    expect(doc).toContain('## Outgoing webhooks');
    expect(doc).toContain('`X-BGS-Signature`: `v1=<hex HMAC-SHA256 of "<timestamp>.<body>"');
  });
});
