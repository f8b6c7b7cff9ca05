export default {
  displayName: 'scopes',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
