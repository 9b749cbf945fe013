/** Reading DynamoDB's answers to failed writes, shared by every adapter that writes transactions. */

/** The per-item reason codes of a cancelled transaction, in item order (empty for any other error). */
export function cancellationCodes(err: unknown): (string | undefined)[] {
  const e = err as { name?: string; CancellationReasons?: { Code?: string }[] } | null;
  if (e?.name !== 'TransactionCanceledException') return [];
  return (e.CancellationReasons ?? []).map((r) => r.Code);
}

/** A single write's condition was refused (by name, so a second copy of the SDK cannot hide it). */
export function isConditionalCheckFailed(err: unknown): boolean {
  return (err as { name?: string } | null)?.name === 'ConditionalCheckFailedException';
}
