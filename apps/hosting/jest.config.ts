export default {
  displayName: 'hosting',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
