/**
 * THE keys of the local identity table (`bgs-local-identity`, local mode only): the identity
 * pools of the local identity (the control plane's and one per generated project), the outbox
 * that stands in for SES, and the local host's list of mounted projects. Every PK/SK of that
 * table is spelled here and nowhere else (test/unit/key-modules.test.ts).
 *
 *   account       PK `POOL#<pool>#USER#<email>`  SK `USER`   the account (email normalized)
 *   sub pointer   PK `POOL#<pool>#SUB#<sub>`     SK `SUB`    sub -> email, for tokens
 *   lock-out      PK `POOL#<pool>#LOCK#<email>`  SK `LOCK`   failure counter and lock, unknown emails too
 *   mail          PK `OUTBOX#<email>`            SK `<sentAt ISO>#<unique>`  one Query per recipient, in time order
 *   mounted API   PK `LOCALHOST#MOUNTS`          SK `<projectId>`            what the local host restores after a restart
 *
 * A pool id is part of every key of its pool, so the local identity accepts letters, digits,
 * `-` and `_` only.
 */
import { normalizeEmail } from '../../core/email';

type ItemKey = { PK: string; SK: string };

/** The start of every key of one pool's items (a pool is removed by deleting what begins with it). */
export const poolKeyPrefix = (poolId: string): string => `POOL#${poolId}#`;

/** An account of a pool, by its (normalized) email. */
export const poolAccountKey = (poolId: string, email: string): ItemKey => ({ PK: `${poolKeyPrefix(poolId)}USER#${email}`, SK: 'USER' });

/** The pointer from an account's sub to its email. */
export const poolSubKey = (poolId: string, sub: string): ItemKey => ({ PK: `${poolKeyPrefix(poolId)}SUB#${sub}`, SK: 'SUB' });

/** The lock-out state of an email in a pool (kept for unknown emails too). */
export const poolLockKey = (poolId: string, email: string): ItemKey => ({ PK: `${poolKeyPrefix(poolId)}LOCK#${email}`, SK: 'LOCK' });

/** The partition of one recipient's mail (the address normalized: one mailbox per person). */
export const outboxPartition = (to: string): string => `OUTBOX#${normalizeEmail(to)}`;

/** One mail: sorted by when it was sent; `unique` keeps two mails of one millisecond apart and in order. */
export const outboxMailKey = (to: string, sentAt: string, unique: string): ItemKey => ({ PK: outboxPartition(to), SK: `${sentAt}#${unique}` });

/** The partition listing the generated APIs the local host serves. */
export const MOUNTED_PROJECTS_PARTITION = 'LOCALHOST#MOUNTS';

/** One generated API the local host serves. */
export const mountedProjectKey = (projectId: string): ItemKey => ({ PK: MOUNTED_PROJECTS_PARTITION, SK: projectId });
