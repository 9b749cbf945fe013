// ESLint flat config: typescript-eslint's recommended rules over every TypeScript file, and the
// direction of dependencies between the layers (ARCHITECTURE.md "Layout").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/*
 * Dependencies point inward: core is pure; ports (the interfaces use cases call) see only core;
 * use cases, actions and the request pipeline see ports, never adapters; adapters implement
 * ports and see no use case or handler; only the composition roots, which wire adapters to
 * ports, import adapters. Import paths are relative, so a layer is recognised by a folder name
 * in the path (no folder inside lambdas/ repeats these names).
 */
const relativeInto = (...folders) => `^\\.{1,2}/(.*/)?(${folders.join('|')})(/|$)`;
const restrict = (...patterns) => ['error', { patterns }];
const NO_LOCAL = {
  regex: '^(\\.\\./)+local(/|$)',
  message: 'local/ holds the local servers (npm start); nothing deployed may import them.',
};
const NO_ADAPTERS = {
  regex: relativeInto('adapters'),
  message: 'Depend on a port (lambdas/ports/) instead; only composition roots import adapters.',
};
/** The files that wire adapters to ports: the only ones (besides adapters) that import adapters. */
const COMPOSITION_ROOTS = [
  'lambdas/control-plane/services.ts',
  'lambdas/control-plane/composition/**',
  'lambdas/control-plane/handlers/**',
  'lambdas/**/*.lambda.ts',
  'lambdas/project-runtime/runtime-services.ts',
  'lambdas/project-runtime/aws-runtime-services.ts',
  'lambdas/project-runtime/composition*.ts',
];
/** What core may import besides core: pure packages only (no AWS SDK, no file system). croner computes cron occurrences (no timers are started: core builds it paused). */
const CORE_PACKAGES = ['zod', 'pluralize', 'compromise', 'node:crypto', 'croner'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'cdk.out/**', '.data/**', 'coverage/**', 'bench-results/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // CommonJS config files (jest.config.js).
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __dirname: 'readonly' } },
  },
  {
    // The API reference's page script runs in a browser (served from /_static/).
    files: ['templates/api-reference/*.js'],
    languageOptions: { sourceType: 'script', globals: { window: 'readonly', document: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      // (Flipping a V8 flag in a running process crashed it: a segfault, running one test file with jest. V8 flags go
      // on the command line of the process, as `npm start` and `npm run bench` give --no-regexp-tier-up.)
      'no-restricted-syntax': ['error', { selector: "Identifier[name='setFlagsFromString']", message: 'Give V8 flags on the command line (node --flag); setting them in a running process can crash it.' }],
    },
  },
  // Dependency direction. A file takes the last block that matches it (ESLint does not merge a
  // rule's options), so each block repeats the general restriction it narrows.
  {
    files: ['lambdas/**/*.ts', 'lib/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(NO_LOCAL) },
  },
  {
    // Use cases, actions, the request pipeline (shared/), routes, schemas: everything but the roots.
    files: ['lambdas/**/*.ts'],
    ignores: ['lambdas/adapters/**', ...COMPOSITION_ROOTS],
    rules: { 'no-restricted-imports': restrict(NO_ADAPTERS, NO_LOCAL) },
  },
  {
    files: ['lambdas/adapters/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        {
          regex: relativeInto('control-plane', 'project-runtime', 'shared'),
          message: 'An adapter implements a port (lambdas/ports/) and imports no use case, handler or request pipeline; move what it needs into a port or core.',
        },
        NO_LOCAL,
      ),
    },
  },
  {
    files: ['lambdas/ports/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        { regex: relativeInto('adapters', 'shared', 'control-plane', 'project-runtime', 'lambdas', 'lib', 'local', 'bin', 'test', 'templates'), message: 'A port imports only core and other ports.' },
        { regex: '^[^.]', message: 'A port imports only core and other ports (types a package defines belong behind an adapter).' },
      ),
    },
  },
  {
    files: ['lambdas/core/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        { regex: relativeInto('adapters', 'ports', 'shared', 'control-plane', 'project-runtime', 'lambdas', 'lib', 'local', 'bin', 'test', 'templates'), message: 'Core is pure: it imports only core.' },
        { regex: `^(?!\\.|(${CORE_PACKAGES.join('|')})$)`, message: `Core is pure: of packages it imports only ${CORE_PACKAGES.join(', ')}.` },
      ),
    },
  },
);
