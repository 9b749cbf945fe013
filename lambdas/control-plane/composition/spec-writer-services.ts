/**
 * The services of the spec writer (the writer function, spec-writer.lambda.ts, and the local
 * service's LocalSpecWriter): a principal of its own with the table actions SPEC_WRITER
 * declares, as it is its own Lambda on AWS, and the author with the writer's long deadline.
 */
import { SPEC_WRITER } from '../spec-writing/spec-writer-function';
import { writerAuthor } from './author';
import { servicesOf } from './root';
import { projects } from './stores';

export const specWriterServices = servicesOf({ name: SPEC_WRITER.principal, tableActions: SPEC_WRITER.tableActions }, { projects, author: writerAuthor });
