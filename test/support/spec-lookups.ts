/**
 * Lookups into an authored spec for the author's reading tests: a record type, its field names,
 * one field, and a role's rights written as the spec's roles table writes them (`crud`, `c, r:own`).
 */
import { writeRights } from '../../lambdas/core/spec/spec-cells';
import type { SpecDocument } from '../../lambdas/core/spec/spec-model';

export const entity = (spec: SpecDocument, name: string) => spec.entities.find((e) => e.name === name);
export const fieldsOf = (spec: SpecDocument, name: string) => entity(spec, name)?.fields.map((f) => f.name);
export const fieldOf = (spec: SpecDocument, name: string, field: string) => entity(spec, name)?.fields.find((f) => f.name === field);
export const rightsOf = (spec: SpecDocument, role: string) => Object.fromEntries(Object.entries(spec.roles.find((r) => r.name === role)?.rights ?? {}).map(([e, r]) => [e, writeRights(r)]));
