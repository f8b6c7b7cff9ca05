import { join } from 'node:path';

/**
 * Settings of imports and of the app runtime (docs/hosting.md, Imports): read once at start by
 * config/hosting.config.ts, injected as IMPORT_SETTINGS.
 */
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
  /**
   * How many of each variant's newest releases keep their build, so can be rolled back to:
   * HOSTING_RELEASES_KEPT, 1 to 100, default 10 (docs/hosting.md, "Releases and rollback").
   */
  readonly releasesKept: number;
}

export const IMPORT_SETTINGS = Symbol('IMPORT_SETTINGS');

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
