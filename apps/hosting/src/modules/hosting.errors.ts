/**
 * Hosting's errors live beside each feature (apps/apps.errors.ts, imports/imports.errors.ts, …).
 * This re-export only keeps secret-store/secret-store.service.ts compiling until it imports
 * AppErrors from '../apps/apps.errors' itself; delete the file then.
 */
export { AppErrors as HostingErrors } from './apps/apps.errors';
