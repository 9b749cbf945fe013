/**
 * The spec writer of the local service: writes version 1 in the background of its own process
 * (as an asynchronous invocation of the writer function on AWS), with the writer's own services
 * (its principal and table actions, as its Lambda would have). `idle()` waits for every write
 * (tests, shutdown). A write cut short by a stop is not resumed: its project reads as failed
 * once no writer could still be running (spec-status.ts).
 */
import { BackgroundRuns } from '../background-runs';
import { writeFirstVersion, type SpecWriterServices } from './first-version';
import type { SpecWriter } from './spec-writer';

export class LocalSpecWriter implements SpecWriter {
  private readonly runs = new BackgroundRuns((projectId, err) => console.error('local spec writer failed', projectId, err));

  constructor(private readonly services: () => Promise<SpecWriterServices>) {}

  async start(projectId: string): Promise<void> {
    this.runs.start(projectId, async () => {
      await writeFirstVersion(await this.services(), projectId);
    });
  }

  idle(): Promise<void> {
    return this.runs.idle();
  }
}
