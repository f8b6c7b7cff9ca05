export default {
  displayName: 'auth',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
