/** Test helpers over the golden blueprint IRs (test/fixtures/blueprint/*.ir.json). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BlueprintIR, type IrEntity } from '../../lambdas/core/blueprint/ir';
import { ValidationError, type ErrorDetail } from '../../lambdas/core/errors';

/** Where the golden IRs are, from the repository root. */
export const GOLDEN_IR_DIR = 'test/fixtures/blueprint';

/** The path of a golden IR by name (`01-task-tracker`, `example`), from the repository root. */
export const goldenIrPath = (name: string): string => `${GOLDEN_IR_DIR}/${name}.ir.json`;

/** A golden IR's text, schema-checked as every stored IR is read. */
export const parseGoldenIr = (json: string): BlueprintIR => BlueprintIR.parse(JSON.parse(json));

/** A golden IR by file name (`01-task-tracker`, `example`), schema-checked. */
export function goldenIr(name: string): BlueprintIR {
  return parseGoldenIr(readFileSync(join(__dirname, '..', '..', goldenIrPath(name)), 'utf8'));
}

/** One entity of a golden IR. */
export function goldenEntity(irName: string, name: string): IrEntity {
  const found = goldenIr(irName).entities.find((e) => e.name === name);
  if (!found) throw new Error(`${irName}: no entity ${name}`);
  return found;
}

/** The details of the 400 VALIDATION_ERROR `run` throws (fails when it throws none). */
export function validationDetails(run: () => unknown): ErrorDetail[] {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError);
    const e = err as ValidationError;
    expect([e.statusCode, e.code]).toEqual([400, 'VALIDATION_ERROR']);
    return [...(e.details ?? [])];
  }
  throw new Error('expected a ValidationError');
}
