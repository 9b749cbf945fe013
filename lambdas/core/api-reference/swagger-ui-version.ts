/**
 * The swagger-ui-dist the API reference is built on: the pinned version in package.json
 * (test/unit/api-reference-page.test.ts checks they agree), named in the assets' file names.
 */
export const SWAGGER_UI_VERSION = '5.35.0';
