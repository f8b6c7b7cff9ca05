import { customAlphabet } from 'nanoid';

/** Application types the API creates (the spec's open enum; only NODEJS is served). */
export const APP_TYPES = ['NODEJS'] as const;
export type AppType = (typeof APP_TYPES)[number];

/** The spec's appId pattern: upper-case application type, a dash, then [A-Za-z0-9_-]. */
export const APP_ID_PATTERN = /^[A-Z][A-Z0-9_]*-[A-Za-z0-9_-]+$/;
export const APP_ID_MAX_LENGTH = 64;

/** The characters the spec allows after the dash (nanoid's URL-safe alphabet). */
const SUFFIX_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-';
const suffix = customAlphabet(SUFFIX_ALPHABET, 10);

/** `NODEJS-` + a 10-character nanoid (60 random bits from crypto). */
export function newAppId(appType: AppType): string {
  return `${appType}-${suffix()}`;
}
