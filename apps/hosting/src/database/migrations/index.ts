import { CreateHosting1795600000000 } from './1795600000000-create-hosting';
import { CreateSecrets1795600000100 } from './1795600000100-create-secrets';

/** Every migration of schema `hosting`, oldest first. Append new ones at the end. */
export const HOSTING_MIGRATIONS = [CreateHosting1795600000000, CreateSecrets1795600000100];
