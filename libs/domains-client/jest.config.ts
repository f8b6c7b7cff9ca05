export default {
  displayName: 'domains-client',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
