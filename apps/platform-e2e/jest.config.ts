export default {
  displayName: 'platform-e2e',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
