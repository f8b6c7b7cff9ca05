import { CreateHosting1795600000000 } from './1795600000000-create-hosting';

/** Every migration of schema `hosting`, oldest first. Append new ones at the end. */
export const HOSTING_MIGRATIONS = [CreateHosting1795600000000];
