/**
 * Money kept exactly: integer micro-dollars (USD * 1e6), so many calls of a fraction of a cent
 * add up without rounding drift. Cents and text are derived for display only.
 */

export const MICROS_PER_CENT = 10_000;

/** Exact cents (may be fractional, e.g. 0.3702). */
export function microsToCents(micros: number): number {
  return micros / MICROS_PER_CENT;
}

/** Whole cents, rounded half up (the contract's `totalCostCents`). */
export function microsToRoundedCents(micros: number): number {
  return Math.floor((micros + MICROS_PER_CENT / 2) / MICROS_PER_CENT);
}

/** `$0.00`, `$1.50`, and for sub-cent totals enough digits to show them: `$0.003702`. */
export function formatMicros(micros: number): string {
  const abs = Math.abs(Math.round(micros));
  const whole = Math.floor(abs / 1_000_000);
  let fraction = String(abs % 1_000_000).padStart(6, '0').replace(/0+$/, '');
  if (fraction.length < 2) fraction = fraction.padEnd(2, '0');
  return `${micros < 0 ? '-' : ''}$${whole.toLocaleString('en-US')}.${fraction}`;
}
