export default {
  displayName: 'order-subgraph',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
