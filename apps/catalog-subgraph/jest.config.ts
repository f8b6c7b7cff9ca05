export default {
  displayName: 'catalog-subgraph',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
