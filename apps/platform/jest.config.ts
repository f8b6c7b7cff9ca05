export default {
  displayName: 'platform',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
