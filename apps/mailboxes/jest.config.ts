export default {
  displayName: 'mailboxes',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
