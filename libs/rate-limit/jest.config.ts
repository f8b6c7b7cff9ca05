export default {
  displayName: 'rate-limit',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
