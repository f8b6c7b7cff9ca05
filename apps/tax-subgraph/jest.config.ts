export default {
  displayName: 'tax-subgraph',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
