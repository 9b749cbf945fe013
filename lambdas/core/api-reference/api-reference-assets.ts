/**
 * The files the interactive API reference loads (issue 26 item 3), served by the control plane
 * from its public static path (`GET /_static/{asset}`: a browser loads scripts and styles without
 * the bearer token). THE list: the page renderer names them, the static route serves only them,
 * the local service reads them from the repository, and `cdk synth` copies them beside the static
 * route's bundle (lib/control-plane/route-companions.ts).
 *
 * Each name carries the version of what it holds, so an answer may be cached for good: a new
 * swagger-ui-dist, or a changed page script, is a new name.
 */
import { SWAGGER_UI_VERSION } from './swagger-ui-version';

export interface ApiReferenceAsset {
  /** The name under `/_static/`. */
  readonly name: string;
  readonly contentType: string;
  /** Where it comes from, relative to the repository root (a file of an npm package, or of templates/). */
  readonly source: string;
}

/** The page's own script (templates/api-reference/api-reference.js): its version is bumped with each change to it. */
export const API_REFERENCE_SCRIPT_VERSION = 1;

export const API_REFERENCE_ASSETS = {
  bundle: { name: `swagger-ui-bundle-${SWAGGER_UI_VERSION}.js`, contentType: 'text/javascript; charset=utf-8', source: 'node_modules/swagger-ui-dist/swagger-ui-bundle.js' },
  styles: { name: `swagger-ui-${SWAGGER_UI_VERSION}.css`, contentType: 'text/css; charset=utf-8', source: 'node_modules/swagger-ui-dist/swagger-ui.css' },
  favicon: { name: `favicon-32x32-${SWAGGER_UI_VERSION}.png`, contentType: 'image/png', source: 'node_modules/swagger-ui-dist/favicon-32x32.png' },
  script: { name: `api-reference-${API_REFERENCE_SCRIPT_VERSION}.js`, contentType: 'text/javascript; charset=utf-8', source: 'templates/api-reference/api-reference.js' },
} as const satisfies Record<string, ApiReferenceAsset>;

export type ApiReferenceAssetName = (typeof API_REFERENCE_ASSETS)[keyof typeof API_REFERENCE_ASSETS]['name'];

const BY_NAME = new Map<string, ApiReferenceAsset>(Object.values(API_REFERENCE_ASSETS).map((asset) => [asset.name, asset]));

/** The asset served under `name`, or undefined: nothing else is ever read. */
export const apiReferenceAsset = (name: string): ApiReferenceAsset | undefined => BY_NAME.get(name);

export const API_REFERENCE_ASSET_LIST: readonly ApiReferenceAsset[] = [...BY_NAME.values()];

/** Versioned names: a year, and never revalidated. */
export const API_REFERENCE_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
