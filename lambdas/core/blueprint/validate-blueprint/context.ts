/**
 * What every rule of the validator works with: the IR (already of the schema's shape), its
 * entities by name, the tenancy, and the report the rules add their errors and warnings to.
 */
import { USER_ENTITY, type BlueprintIR, type IrEntity } from '../ir';
import type { BlueprintIssue, ValidationErrorCode, ValidationWarningCode } from '../issues';

export class ValidationContext {
  /** The first entity of each name (a second one is a DUPLICATE_NAME). */
  readonly entities = new Map<string, IrEntity>();
  readonly multi: boolean;

  constructor(
    readonly ir: BlueprintIR,
    private readonly errors: BlueprintIssue<ValidationErrorCode>[],
    private readonly warnings: BlueprintIssue<ValidationWarningCode>[],
  ) {
    for (const entity of ir.entities) if (!this.entities.has(entity.name)) this.entities.set(entity.name, entity);
    this.multi = ir.tenancy.mode === 'multi';
  }

  error(path: string, code: ValidationErrorCode, message: string): void {
    this.errors.push({ path, code, message });
  }

  warn(path: string, code: ValidationWarningCode, message: string): void {
    this.warnings.push({ path, code, message });
  }

  get errorCount(): number {
    return this.errors.length;
  }

  /** A declared entity, or the built-in members entity. */
  isEntity(name: string): boolean {
    return name === USER_ENTITY || this.entities.has(name);
  }

  /** Whether the entity's owner field is a single reference to a member. */
  ownerIsUser(entity: IrEntity): boolean {
    const owner = entity.fields.find((field) => field.name === entity.ownerField);
    return owner !== undefined && owner.type === 'ref' && owner.ref?.entity === USER_ENTITY;
  }
}

/** `$.a.b` + key: `.key` for identifiers, `["Some key"]` otherwise. */
export const prop = (base: string, key: string): string => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`);

/** Bytes as whole KB, rounded up (what messages show). */
export const kb = (bytes: number): number => Math.ceil(bytes / 1024);
