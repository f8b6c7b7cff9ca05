export { UUID_PATTERN, isUuid } from './uuid';
