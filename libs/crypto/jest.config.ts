export default {
  displayName: 'crypto',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
