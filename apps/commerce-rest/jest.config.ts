export default {
  displayName: 'commerce-rest',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
