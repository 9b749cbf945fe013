/**
 * The files of the exported CDK app that are the same for every blueprint (its sources, prebuilt
 * code, package files, README, CI: lib/project/export/cdk-kit.ts), by path inside the app. On AWS
 * they ship in the artifact route's own asset; locally they are built from the repository once.
 */
export interface CdkAppKit {
  files(): Promise<ReadonlyMap<string, Uint8Array>>;
}
