export default {
  displayName: 'admin-cli',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
