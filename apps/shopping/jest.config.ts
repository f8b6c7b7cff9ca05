export default {
  displayName: 'shopping',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
