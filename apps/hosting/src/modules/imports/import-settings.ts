import { join, resolve } from 'node:path';

const MiB = 1024 * 1024;

/** Settings of imports and of the app runtime, read from the environment (docs/hosting.md, Imports). */
export interface ImportSettings {
  /** Uploads, extracted sources, builds and npm's cache: HOSTING_DATA_DIR, default `<cwd>/.data/hosting`. */
  readonly dataDir: string;
  /** Largest upload, counted while it streams: HOSTING_UPLOAD_MAX_BYTES, default 50 MiB. */
  readonly maxUploadBytes: number;
  /** npm installs from its cache only (HOSTING_NPM_OFFLINE=true); tests use it, nothing leaves the host. */
  readonly npmOffline: boolean;
  /** Memory budget of a variant: HOSTING_APP_MEMORY_MB, default 256. */
  readonly appMemoryMb: number;
  /** The address app processes listen on: loopback (the worker proxies /hosted/… to them). */
  readonly runtimeHost: string;
}

export const IMPORT_SETTINGS = Symbol('IMPORT_SETTINGS');

function positiveInt(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

export function loadImportSettings(env: Record<string, string | undefined> = process.env): ImportSettings {
  return {
    dataDir: resolve(env.HOSTING_DATA_DIR || join(process.cwd(), '.data', 'hosting')),
    maxUploadBytes: positiveInt(env, 'HOSTING_UPLOAD_MAX_BYTES', 50 * MiB),
    npmOffline: env.HOSTING_NPM_OFFLINE === 'true',
    appMemoryMb: positiveInt(env, 'HOSTING_APP_MEMORY_MB', 256),
    runtimeHost: '127.0.0.1',
  };
}

/**
 * Where the files of one attempt of an import live: `<data>/imports/<importId>/attempt-<n>/`
 * with the extracted source and the build. Each attempt has its own directory, so what a killed
 * attempt's orphaned processes (npm, a build script) still write never mixes with a retry's files;
 * `importRoot` (all attempts) is what the pruner removes.
 */
export function importPaths(settings: ImportSettings, importId: string, attempt: number) {
  const root = join(importRoot(settings, importId), `attempt-${attempt}`);
  return { root, source: join(root, 'source'), build: join(root, 'build') };
}

export const importRoot = (settings: ImportSettings, importId: string): string =>
  join(settings.dataDir, 'imports', importId);

export const uploadsDir = (settings: ImportSettings): string => join(settings.dataDir, 'uploads');
export const npmCacheDir = (settings: ImportSettings): string => join(settings.dataDir, 'npm-cache');
