export { UUID_PATTERN, VERSIONED_UUID_PATTERN, isUuid, isVersionedUuid } from './uuid';
