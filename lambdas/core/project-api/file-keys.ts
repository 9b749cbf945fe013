/**
 * Where a generated project's files live in its bucket (CONTRACT "Files"). Every key is derived
 * by the server from organization, entity, record and the opaque fileKey, so a client can never
 * name another organization's object. Two places per fileKey:
 *
 * - staging `staging/<org>/<collection>/<recordId>/<fileKey>`: the ONLY key an upload URL can
 *   write. Nothing signs a download of it; an object there is not a file of the record yet.
 * - final `<org>/<collection>/<recordId>/<fileKey>`: written only by the runtime when the key is
 *   attached (a server-side copy from staging, checked for type and size afterwards). No upload
 *   URL names it, so a second PUT to the upload URL cannot change an attached file, and download
 *   URLs are signed only for it, only while a record's file field holds the key.
 *
 * Staging objects that are never attached are deleted once their grant has expired: by an S3
 * lifecycle rule on AWS (lib/project/project-files.ts), by the local sweeper
 * (local/staging-sweeper.ts) locally. Both derive their age limit from here.
 */
import type { IrEntity } from '../blueprint/ir';

/** The limit these keys depend on (IrLimits'; any lifetime, so tests and future IRs can vary it). */
export interface UrlLifetime {
  readonly signedUrlSeconds: number;
}

/** The prefix of every staging key (the lifecycle rule's filter). Final keys start with an org id or `shared`. */
export const STAGING_PREFIX = 'staging/';

/**
 * How long a grant outlives its upload URL, so a slow client can still attach what it uploaded
 * (the grant item's TTL is the URL's expiry plus this).
 */
export const GRANT_GRACE_SECONDS = 24 * 3600;

/** Added to the grant's lifetime before a staging object is deleted: clocks of the writer and the sweeper may differ. */
export const STAGING_SWEEP_MARGIN_SECONDS = 3600;

const DAY_SECONDS = 24 * 3600;

/** `<org or "shared">/<collection>/<recordId>/<fileKey>`: organizations never share a prefix. */
export function finalKeyOf(orgId: string | null, entity: Pick<IrEntity, 'collection'>, recordId: string, fileKey: string): string {
  return `${orgId ?? 'shared'}/${entity.collection}/${recordId}/${fileKey}`;
}

/** Where the upload URL of `fileKey` writes: the final key under STAGING_PREFIX. */
export function stagingKeyOf(orgId: string | null, entity: Pick<IrEntity, 'collection'>, recordId: string, fileKey: string): string {
  return `${STAGING_PREFIX}${finalKeyOf(orgId, entity, recordId, fileKey)}`;
}

/**
 * The age after which a staging object is certainly past its grant: it was written while its
 * upload URL was valid (at most `signedUrlSeconds` after the grant), and the grant lives
 * `signedUrlSeconds + GRANT_GRACE_SECONDS` from its creation, so an object's own age
 * (from its upload) of that lifetime plus the margin is always beyond its grant's end.
 */
export function stagingMaxAgeSeconds(limits: UrlLifetime): number {
  return limits.signedUrlSeconds + GRANT_GRACE_SECONDS + STAGING_SWEEP_MARGIN_SECONDS;
}

/**
 * The same age in whole days, for S3's lifecycle rule (an Expiration takes whole days, at least
 * 1; S3 then deletes the object at the first midnight UTC after creation + days, and does so
 * asynchronously, so objects may stay a little longer, never shorter).
 */
export function stagingExpirationDays(limits: UrlLifetime): number {
  return Math.max(1, Math.ceil(stagingMaxAgeSeconds(limits) / DAY_SECONDS));
}
