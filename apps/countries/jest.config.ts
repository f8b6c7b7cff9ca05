export default {
  displayName: 'countries',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
