export default {
  displayName: 'commerce-graphql',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
