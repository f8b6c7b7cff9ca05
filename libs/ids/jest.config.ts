export default {
  displayName: 'ids',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
