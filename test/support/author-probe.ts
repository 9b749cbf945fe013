/**
 * Probes of the offline author for the reading tests in test/unit/author: a description made of
 * sentences or paragraphs (each its own paragraph), and one field of one record of what it gives.
 */
import { authorSpec } from '../../lambdas/core/spec/author';

export type ProbedSpec = ReturnType<typeof authorSpec>;

/** The author's spec of the paragraphs given, one after another. */
export const probeSpec = (...paragraphs: string[]): ProbedSpec => authorSpec({ name: 'Probe', description: paragraphs.join('\n\n') });

/** The field of that name on that record, if the spec has it. */
export const fieldOf = (spec: ProbedSpec, entity: string, name: string) => spec.entities.find((e) => e.name === entity)?.fields.find((f) => f.name === name);
