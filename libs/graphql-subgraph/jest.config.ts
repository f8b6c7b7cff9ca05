export default {
  displayName: 'graphql-subgraph',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
