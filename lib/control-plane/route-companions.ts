/**
 * Files a route's Lambda needs beside its bundle, written into its code asset at `cdk synth`:
 * the exported CDK app's kit for `GET /projects/{projectId}/artifacts/cdk` (its sources, prebuilt
 * function code and package files cannot be rebuilt inside a Lambda), and the API reference's
 * scripts and styles for `GET /_static/{asset}`. The bundle itself is the one
 * every route gets (lambda-bundling.ts); a synthesis that skips bundling gets the placeholder.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { CDK_KIT_DIR } from '../../lambdas/control-plane/cdk-archive/archive-layout';
import { assetFileInBundle } from '../../lambdas/adapters/api-reference/directory-assets';
import { API_REFERENCE_ASSET_LIST } from '../../lambdas/core/api-reference/api-reference-assets';
import { handlerFile, type ControlPlaneRouteId, type RouteDefinition } from '../../lambdas/control-plane/routes';
import { writeCdkKit } from '../project/export/cdk-kit';
import { lambdaBundleDir, REPO_ROOT } from '../shared/lambda-bundling';

/** What each such route needs written into its asset folder. */
const ROUTE_COMPANIONS: Partial<Record<ControlPlaneRouteId, (assetDir: string) => void>> = {
  cdkArtifact: (assetDir) => writeCdkKit(join(assetDir, CDK_KIT_DIR), { repoRoot: REPO_ROOT, bundleDirOf: lambdaBundleDir }),
  // The API reference's files, by the names the static route serves them under.
  apiReferenceAsset: (assetDir) => {
    for (const asset of API_REFERENCE_ASSET_LIST) cpSync(join(REPO_ROOT, asset.source), join(assetDir, assetFileInBundle(asset)));
  },
};

const built = new Map<string, string>();

/** The code of a route with companions (its bundle and them, once per process); `undefined` for any other route. */
export function routeCompanionCode(scope: Construct, route: Pick<RouteDefinition, 'id'>): lambda.Code | undefined {
  const companion = ROUTE_COMPANIONS[route.id as ControlPlaneRouteId];
  if (!companion || !Stack.of(scope).bundlingRequired) return undefined;
  let dir = built.get(route.id);
  if (!dir) {
    dir = mkdtempSync(join(tmpdir(), 'bgs-route-asset-'));
    cpSync(lambdaBundleDir(handlerFile(route)), dir, { recursive: true });
    companion(dir);
    built.set(route.id, dir);
  }
  return lambda.Code.fromAsset(dir);
}
