// Jest projects: `unit` needs no server; `integration` gets one DynamoDB Local for the whole
// run (test/support/global-setup.ts) and starts its own local services on free loopback ports;
// `cdk` synthesizes stacks. TypeScript is transformed by @swc/jest (type-checking is `tsc`).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- this config is CommonJS, as Jest loads it
const { availableParallelism } = require('node:os');
const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }] };
// jose, @middy/core and swagger-parser's ref parser are ESM-only: let the transform turn them into CommonJS for Jest.
const transformIgnorePatterns = ['/node_modules/(?!(jose|@middy|@apidevtools)/)'];
const common = { transform, transformIgnorePatterns, testEnvironment: 'node', setupFiles: ['<rootDir>/test/support/env.ts'] };

module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts', '<rootDir>/test/http/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    { ...common, displayName: 'cdk', testMatch: ['<rootDir>/test/cdk/**/*.test.ts'] },
  ],
  testTimeout: 60000,
  // Jest's default is one worker fewer than the cores: one worker on CI's 2-core machine, where
  // most test files wait on DynamoDB Local, a child process or a socket rather than the CPU. Two
  // workers there keep both cores busy (the run takes about two thirds of the time).
  maxWorkers: Math.max(2, availableParallelism() - 1),
};
