/**
 * Blueprints and their generation state. Steps pass ids, not documents: each step reads its
 * inputs from the blueprint's stored parts and stores its output together with its "done" mark,
 * so a step interrupted by a crash runs again from the start and a finished one never runs
 * twice. A generation is listed as pending from `create` to `finish`, so a restart resumes it.
 * DynamoDB: lambdas/adapters/dynamodb/blueprint-repository.ts.
 */
import type { ValidationReport } from '../core/blueprint/validate-blueprint';

export type BlueprintStatus = 'processing' | 'completed' | 'failed';

export interface BlueprintRecord {
  id: string;
  projectId: string;
  ownerId: string;
  specVersion: number;
  status: BlueprintStatus;
  currentStep: string;
  progress: number;
  stepsDone: string[];
  startedAt: string;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  error: string | null;
  validation: ValidationReport | null;
}

/** How a generation ended. */
export interface GenerationOutcome {
  readonly status: 'completed' | 'failed';
  readonly error: string | null;
  readonly validation: ValidationReport | null;
}

/** The most bytes a stored part may take (compressed): a part is one DynamoDB item (400 KB). */
export const MAX_PART_BYTES = 380_000;

/** A step's output too large to store: the generation fails with this reason. */
export class PartTooLargeError extends Error {
  constructor(
    readonly part: string,
    readonly bytes: number,
  ) {
    super(`The ${part} is ${bytes} bytes compressed, more than the ${MAX_PART_BYTES} bytes a stored part may hold`);
  }
}

export interface BlueprintRepository {
  /** A new blueprint in `processing`, listed as pending so a restart resumes it. */
  create(input: { projectId: string; ownerId: string; specVersion: number; firstStep: string; now: Date }): Promise<BlueprintRecord>;
  get(id: string): Promise<BlueprintRecord | null>;
  /** The blueprint if it belongs to `ownerId` (and, when given, to `projectId`); else 404. */
  getOwned(ownerId: string, id: string, projectId?: string): Promise<BlueprintRecord>;
  /** A part a step stored (the parsed spec, the IR, the report), or null before that step. */
  getPart<T>(id: string, name: string): Promise<T | null>;
  /** Marks `step` as running (progress never decreases). */
  startStep(id: string, step: string, now: Date): Promise<void>;
  /**
   * Records a finished step with its outputs, once: false when the step was already recorded
   * (a resumed generation never applies a step twice) or the generation has ended.
   * PartTooLargeError when an output is over MAX_PART_BYTES.
   */
  completeStep(id: string, step: string, progress: number, outputs: Record<string, unknown>, now: Date): Promise<boolean>;
  /** Ends the generation (completed or failed, with its error and report); no longer pending. Idempotent. */
  finish(id: string, outcome: GenerationOutcome, now: Date): Promise<void>;
  /** Stores a fresh validation report (POST /blueprints/{id}/validate); 404 if there is no such blueprint. */
  saveValidation(id: string, validation: ValidationReport, now: Date): Promise<void>;
  /** Generations that were running when the service stopped. */
  pending(): Promise<string[]>;
}
