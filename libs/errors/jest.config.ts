export default {
  displayName: 'errors',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
