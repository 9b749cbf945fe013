/**
 * Readings of a text, remembered. The author's readers are pure functions of the text they are
 * given, and the pipeline asks the same question of the same clause many times: each stage that
 * might claim a clause asks whether a definition, a relation or a field list reads it. A reading is
 * frozen before it is kept, so that no caller can change what the next one will be given.
 */
export class Remembered<R> {
  private readonly readings = new Map<string, R>();

  /** @param max how many readings are kept; the memory is emptied when it is full (default 4096). */
  constructor(private readonly max = 4096) {}

  /** The reading of `text`, computed by `read` the first time it is asked for. */
  of(text: string, read: (text: string) => R): R {
    if (this.readings.has(text)) return this.readings.get(text) as R;
    const reading = deepFreeze(read(text));
    if (this.readings.size >= this.max) this.readings.clear();
    this.readings.set(text, reading);
    return reading;
  }
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value as object)) deepFreeze(inner);
  return value;
}
