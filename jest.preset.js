// Shared Jest preset for every project: ts-jest in transpile-only mode (type checking runs once,
// in `npm run typecheck`), path aliases from tsconfig.base.json, UTC clock.
process.env.TZ = 'UTC';
const path = require('node:path');
const { pathsToModuleNameMapper } = require('ts-jest');
const { compilerOptions } = require('./tsconfig.base.json');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      {
        tsconfig: path.join(__dirname, 'tsconfig.spec.json'),
        diagnostics: false,
      },
    ],
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper: pathsToModuleNameMapper(compilerOptions.paths, { prefix: path.join(__dirname, '/') }),
  testMatch: ['<rootDir>/**/*.spec.ts', '<rootDir>/**/*.e2e-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  globalSetup: path.join(__dirname, 'libs/testing/src/jest-global-setup.js'),
  globalTeardown: path.join(__dirname, 'libs/testing/src/jest-global-teardown.ts'),
  testTimeout: 60000,
};
