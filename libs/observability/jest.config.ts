export default {
  displayName: 'observability',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
