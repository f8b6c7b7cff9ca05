export default {
  displayName: 'database',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
