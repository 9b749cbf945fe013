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

/** A role's rights as letters per record type ("crud", "c r:own"), the way the spec's table writes them. */
export function rightsOf(spec: ProbedSpec, role: string): Record<string, string> {
  const found = spec.roles.find((r) => r.name === role);
  if (!found) throw new Error(`no role ${role} in ${spec.roles.map((r) => r.name).join(', ')}`);
  return Object.fromEntries(
    Object.entries(found.rights).map(([entity, rights]) => [
      entity,
      (['create', 'read', 'update', 'delete'] as const)
        .filter((l) => rights[l])
        .map((l) => `${l[0]}${rights[l] === 'own' ? ':own' : ''}`)
        .join(' '),
    ]),
  );
}

/** The endpoint levels of one record type, by operation. */
export const levelsOf = (spec: ProbedSpec, entity: string): Record<string, string> => Object.fromEntries(spec.access.filter((r) => r.entity === entity).map((r) => [r.operation, r.level]));
