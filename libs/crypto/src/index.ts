export { SecretBox, keyIdOf } from './secret-box';
