/**
 * The spec writer function (AWS): invoked asynchronously by POST /projects with the id of a
 * project created `writing`, it writes version 1 from the description with the language model
 * (writeFirstVersion). The local service runs the same function in its process (LocalSpecWriter).
 */
import { specWriterServices } from '../composition/spec-writer-services';
import { writeFirstVersion, type FirstVersionOutcome } from './first-version';
import type { SpecWriterEvent } from './spec-writer-function';

export const handler = async (event: SpecWriterEvent): Promise<{ projectId: string; outcome: FirstVersionOutcome }> => {
  if (typeof event?.projectId !== 'string' || event.projectId === '') throw new Error('The spec writer is invoked with { projectId }');
  const services = await specWriterServices();
  services.logger.appendKeys({ projectId: event.projectId });
  return { projectId: event.projectId, outcome: await writeFirstVersion(services, event.projectId) };
};
