export default {
  displayName: 'queue',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
