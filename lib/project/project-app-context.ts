/**
 * THE context of a project stack's CDK app, for the two places that synthesize one: the deployer's
 * in-memory template (project-template.ts) and the exported CDK app's `cdk.json` (lib/project/export/).
 * Feature flags change templates, so both take them from here; they are the flags of this
 * repository's `cdk.json`, the ones every BGS stack is built and tested with.
 *
 * The settings are what the CDK CLI would otherwise add on its own (CDKMetadata, path and asset
 * metadata): off, so a `cdk synth` of the exported app gives the template the deployer deploys.
 * The CLI takes them as `cdk.json` top-level settings (it warns about `aws:` keys in a cdk.json
 * context), an App in memory as the context keys they stand for.
 */
import repositoryCdkJson from '../../cdk.json';

/** The feature flags: the exported `cdk.json`'s context. */
export const PROJECT_APP_FEATURE_FLAGS: Readonly<Record<string, unknown>> = repositoryCdkJson.context;

/** `cdk.json` top-level settings of the exported app (the CLI's names). */
export const PROJECT_APP_CLI_SETTINGS = { versionReporting: false, pathMetadata: false, assetMetadata: false } as const;

/** The context of a project app synthesized in memory: the flags, and the settings as the keys the CLI sets from them. */
export const PROJECT_APP_CONTEXT: Readonly<Record<string, unknown>> = {
  ...PROJECT_APP_FEATURE_FLAGS,
  'aws:cdk:version-reporting': PROJECT_APP_CLI_SETTINGS.versionReporting,
  'aws:cdk:enable-path-metadata': PROJECT_APP_CLI_SETTINGS.pathMetadata,
  'aws:cdk:enable-asset-metadata': PROJECT_APP_CLI_SETTINGS.assetMetadata,
};
