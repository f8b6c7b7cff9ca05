import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';

const SPEC_FILES = ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/test/**/*.ts'];

/**
 * Module boundaries: apps use libs, infra libs use core and infra libs, core libs stay pure;
 * the testing lib is reachable from specs only. The testing lib builds on the infra libs it
 * sets up (auth, config, database), and their specs use it: that cycle is test-only, so allowed.
 */
function boundaries({ specs }) {
  const testing = specs ? ['type:testing'] : [];
  return {
    enforceBuildableLibDependency: true,
    allow: [],
    ignoredCircularDependencies: [
      ['testing', 'auth'],
      ['testing', 'config'],
      ['testing', 'database'],
      ['testing', 'service-kit'],
    ],
    depConstraints: [
      { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:core', 'type:infra', ...testing] },
      { sourceTag: 'type:infra', onlyDependOnLibsWithTags: ['type:core', 'type:infra', ...testing] },
      { sourceTag: 'type:core', onlyDependOnLibsWithTags: ['type:core', ...testing] },
      { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:core', 'type:infra', 'type:testing'] },
      // Black-box tests of the running platform: they start processes, they import no app.
      { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:core', 'type:infra', 'type:testing'] },
    ],
  };
}

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  prettier,
  {
    ignores: ['**/dist', '**/node_modules', '**/.nx', '**/.data', '**/tmp', '**/coverage', '**/fixtures/**'],
  },
  {
    files: ['**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': ['error', boundaries({ specs: false })],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // A class property keeps its annotation even when an initializer implies it: SWC (single
      // mode's build, scripts/build-platform.js) writes decorator metadata from annotations only.
      '@typescript-eslint/no-inferrable-types': ['error', { ignoreProperties: true }],
    },
  },
  {
    // Specs (and only specs) may use the testing lib, whatever their project's type.
    files: SPEC_FILES,
    rules: { '@nx/enforce-module-boundaries': ['error', boundaries({ specs: true })] },
  },
  {
    // Testing helpers may only be imported from specs and test folders.
    files: ['**/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.e2e-spec.ts', 'libs/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@platform/testing', message: 'testing helpers are for specs only' }] },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
];
