import fs from 'node:fs';
import path from 'node:path';
import { nodeScriptIndex, refusedNodeFlag } from '../runtime/node-command';
import type { StartCommand } from '../runtime/runtime-driver';
import { BuildError } from './build-error';

/** The parts of package.json the builder reads, validated. */
export interface PackageManifest {
  name?: string;
  version?: string;
  main?: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

const MAX_MANIFEST_BYTES = 1024 * 1024;

function invalid(message: string): BuildError {
  return new BuildError('INVALID_PACKAGE_JSON', message);
}

function stringMap(value: unknown, field: string): Record<string, string> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(`package.json: "${field}" must be an object`);
  }
  for (const [key, v] of Object.entries(value)) {
    if (typeof v !== 'string') throw invalid(`package.json: "${field}.${key}" must be a string`);
  }
  return value as Record<string, string>;
}

function optionalString(value: unknown, field: string, maxLength: number): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length === 0 || value.length > maxLength) {
    throw invalid(`package.json: "${field}" must be a string of 1 to ${maxLength} characters`);
  }
  return value;
}

/** Reads and validates `<dir>/package.json`; throws BuildError INVALID_PACKAGE_JSON saying what is wrong. */
export function readPackageManifest(dir: string): PackageManifest {
  const file = path.join(dir, 'package.json');
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(file);
  } catch {
    throw invalid('package.json not found at the root of the source');
  }
  if (!stat.isFile()) throw invalid('package.json is not a regular file');
  if (stat.size > MAX_MANIFEST_BYTES)
    throw invalid(`package.json is larger than ${MAX_MANIFEST_BYTES} bytes`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw invalid(`package.json is not valid JSON: ${(e as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalid('package.json must hold a JSON object');
  }
  const raw = parsed as Record<string, unknown>;
  return {
    name: optionalString(raw['name'], 'name', 214),
    version: optionalString(raw['version'], 'version', 256),
    main: optionalString(raw['main'], 'main', 1024),
    scripts: stringMap(raw['scripts'], 'scripts'),
    dependencies: stringMap(raw['dependencies'], 'dependencies'),
    devDependencies: stringMap(raw['devDependencies'], 'devDependencies'),
  };
}

/** Node resolves `main` like a require: the file, with .js, or a directory's index.js. */
function resolveEntry(dir: string, entry: string): string | null {
  const root = path.resolve(dir);
  const target = path.resolve(root, entry);
  if (target !== root && !target.startsWith(root + path.sep)) return null;
  for (const candidate of [
    target,
    `${target}.js`,
    `${target}.cjs`,
    `${target}.mjs`,
    path.join(target, 'index.js'),
  ]) {
    try {
      if (fs.statSync(candidate).isFile()) return path.relative(root, candidate).split(path.sep).join('/');
    } catch {
      // try the next form
    }
  }
  return null;
}

/** Tokens a start script may have to be run as plain `node …` (no shell syntax of any kind). */
const PLAIN_TOKEN = /^[A-Za-z0-9_./@:=,+-]+$/;

/**
 * A start script that is only `node [flags] <file> [args]` without shell syntax, as an argv
 * (the runtime then starts node itself, so signals reach the app and the permission model applies);
 * null when it needs a shell (npm start).
 */
export function plainNodeScript(script: string): string[] | null {
  const tokens = script.trim().split(/\s+/);
  if (tokens[0] !== 'node' || tokens.length < 2 || !tokens.every((t) => PLAIN_TOKEN.test(t))) return null;
  const args = tokens.slice(1);
  if (refusedNodeFlag(args) !== null || nodeScriptIndex(args) === -1) return null;
  return args;
}

/**
 * How the build in `dir` starts, decided after the build step (its output may be the entry):
 * 1. `scripts.start`: a plain `node <file> …` line runs node directly (its file must exist);
 *    anything else (shell syntax, env assignments, other binaries, `npm run …`) is refused with
 *    BuildError UNSUPPORTED_START_SCRIPT: it would run through npm and a shell, outside Node's
 *    permission model, where the app could read the worker's environment from /proc;
 * 2. `main` → `node <main>` (resolved like Node does; must exist inside dir);
 * 3. `server.js` (npm's own default for `npm start`), then `index.js`.
 * Otherwise BuildError NO_START_COMMAND.
 */
export function resolveStartCommand(manifest: PackageManifest, dir: string): StartCommand {
  const start = manifest.scripts['start'];
  if (start !== undefined && start.trim() !== '') {
    const argv = plainNodeScript(start);
    if (!argv)
      throw new BuildError(
        'UNSUPPORTED_START_SCRIPT',
        `the start script "${start.trim().slice(0, 200)}" is not a plain "node [flags] <file> [args]" line; ` +
          'only such a line runs confined (no shell syntax, no environment assignments, no other programs): ' +
          'use e.g. "node server.js", or remove the start script and set "main"',
      );
    const file = argv[nodeScriptIndex(argv)];
    if (!resolveEntry(dir, file)) {
      throw new BuildError(
        'NO_START_COMMAND',
        `the start script runs ${file}, which does not exist after the build`,
      );
    }
    return { command: 'node', args: argv };
  }
  if (manifest.main !== undefined) {
    const resolved = resolveEntry(dir, manifest.main);
    if (!resolved) {
      throw new BuildError(
        'NO_START_COMMAND',
        `"main" is ${manifest.main}, which does not exist inside the app after the build`,
      );
    }
    return { command: 'node', args: [resolved] };
  }
  for (const file of ['server.js', 'index.js']) {
    if (resolveEntry(dir, file)) return { command: 'node', args: [file] };
  }
  throw new BuildError(
    'NO_START_COMMAND',
    'no way to start the app: package.json has no "start" script and no "main", and there is no server.js or index.js',
  );
}
