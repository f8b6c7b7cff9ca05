export default {
  displayName: 'outbound',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
