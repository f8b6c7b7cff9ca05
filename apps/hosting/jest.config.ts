// @kubernetes/client-node 1.x is an ES module, and so are the OIDC libraries it imports. Node
// (≥ 20.19) require()s them as they are, but Jest's module loader only does so on Node ≥ 24.9: here
// ts-jest compiles exactly these packages to CommonJS (cached after the first run).
const ESM_PACKAGES = ['@kubernetes/client-node', 'openid-client', 'oauth4webapi', 'jose'];

export default {
  displayName: 'hosting',
  preset: '../../jest.preset.js',
  rootDir: '.',
  transform: {
    [`/node_modules/(${ESM_PACKAGES.join('|')})/.+\\.js$`]: [
      'ts-jest',
      {
        tsconfig: {
          allowJs: true,
          isolatedModules: true,
          module: 'commonjs',
          target: 'ES2022',
          esModuleInterop: true,
        },
        diagnostics: false,
      },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`],
};
