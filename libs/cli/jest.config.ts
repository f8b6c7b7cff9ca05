export default {
  displayName: 'cli',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
