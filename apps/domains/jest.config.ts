export default {
  displayName: 'domains',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
