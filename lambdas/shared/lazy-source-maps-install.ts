/**
 * Injected into every Lambda bundle (lib/shared/lambda-bundling.ts): maps the stack traces of the
 * bundle it is part of through its source map, read only when a stack is first formatted
 * (lazy-source-maps.ts). In a bundle, `import.meta.url` is the bundle's own file.
 */
import { fileURLToPath } from 'node:url';
import { installLazySourceMaps } from './lazy-source-maps';

installLazySourceMaps(fileURLToPath(import.meta.url));
