export default {
  displayName: 'agent-registry',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
