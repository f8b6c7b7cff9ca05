import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BuildError } from './build-error';
import {
  plainNodeScript,
  readPackageManifest,
  resolveStartCommand,
  type PackageManifest,
} from './package-manifest';

let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosting-manifest-'));
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function manifest(overrides: Partial<PackageManifest> = {}): PackageManifest {
  return { scripts: {}, dependencies: {}, devDependencies: {}, ...overrides };
}

function touch(file: string): void {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), '');
}

function noStart(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(BuildError);
    expect((e as BuildError).code).toBe('NO_START_COMMAND');
    return (e as BuildError).message;
  }
  throw new Error('expected NO_START_COMMAND');
}

describe('plainNodeScript', () => {
  it.each([
    ['node server.js', ['server.js']],
    ['  node   dist/main.js  --port=1 ', ['dist/main.js', '--port=1']],
    [
      'node --enable-source-maps -r ./otel.js dist/main',
      ['--enable-source-maps', '-r', './otel.js', 'dist/main'],
    ],
  ])('%s runs node directly', (script, args) => {
    expect(plainNodeScript(script)).toEqual(args);
  });

  it.each([
    'node server.js && echo done',
    'NODE_ENV=production node server.js',
    'node $ENTRY',
    'node "server.js"',
    'node server.js > out.log',
    'node',
    'node --enable-source-maps',
    'node --allow-fs-read=/ server.js',
    'node --inspect server.js',
    'next start',
    'nodemon server.js',
  ])('%s needs npm start', (script) => {
    expect(plainNodeScript(script)).toBeNull();
  });
});

describe('resolveStartCommand', () => {
  it('prefers the start script: node directly when plain, refused otherwise', () => {
    touch('dist/server.js');
    expect(
      resolveStartCommand(manifest({ scripts: { start: 'node dist/server.js' }, main: 'x.js' }), dir),
    ).toEqual({
      command: 'node',
      args: ['dist/server.js'],
    });
    expect(resolveStartCommand(manifest({ scripts: { start: 'node dist/server' } }), dir)).toEqual({
      command: 'node',
      args: ['dist/server'],
    });
    for (const start of [
      'node dist/server.js | tee log',
      'NODE_ENV=production node dist/server.js',
      'next start',
    ]) {
      let error: unknown;
      try {
        resolveStartCommand(manifest({ scripts: { start } }), dir);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(BuildError);
      expect((error as BuildError).code).toBe('UNSUPPORTED_START_SCRIPT');
      expect((error as BuildError).message).toContain(
        `"${start}" is not a plain "node [flags] <file> [args]" line`,
      );
    }
    expect(
      noStart(() => resolveStartCommand(manifest({ scripts: { start: 'node dist/main.js' } }), dir)),
    ).toBe('the start script runs dist/main.js, which does not exist after the build');
  });

  it('uses main next, resolved like Node resolves it, and never outside the app', () => {
    touch('lib/index.js');
    touch('app.js');
    expect(resolveStartCommand(manifest({ main: 'lib' }), dir)).toEqual({
      command: 'node',
      args: ['lib/index.js'],
    });
    expect(resolveStartCommand(manifest({ main: './app' }), dir)).toEqual({
      command: 'node',
      args: ['app.js'],
    });
    expect(noStart(() => resolveStartCommand(manifest({ main: 'dist/missing.js' }), dir))).toBe(
      '"main" is dist/missing.js, which does not exist inside the app after the build',
    );
    expect(noStart(() => resolveStartCommand(manifest({ main: '../../etc/passwd' }), dir))).toMatch(
      /does not exist/,
    );
  });

  it('falls back to server.js (npm’s default start), then index.js', () => {
    expect(noStart(() => resolveStartCommand(manifest(), dir))).toMatch(/no way to start the app/);
    touch('index.js');
    expect(resolveStartCommand(manifest(), dir)).toEqual({ command: 'node', args: ['index.js'] });
    touch('server.js');
    expect(resolveStartCommand(manifest(), dir)).toEqual({ command: 'node', args: ['server.js'] });
  });
});

describe('readPackageManifest', () => {
  it('reads the fields the builder uses and defaults the maps', () => {
    fs.writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({
        version: '1.2.3',
        main: 'a.js',
        scripts: { build: 'tsc' },
        dependencies: { x: '^1' },
        extra: [],
      }),
    );
    expect(readPackageManifest(dir)).toEqual({
      name: undefined,
      version: '1.2.3',
      main: 'a.js',
      scripts: { build: 'tsc' },
      dependencies: { x: '^1' },
      devDependencies: {},
    });
  });

  it('refuses a package.json that is a directory or too large', () => {
    fs.mkdirSync(path.join(dir, 'package.json'));
    expect(() => readPackageManifest(dir)).toThrow('package.json is not a regular file');
    fs.rmdirSync(path.join(dir, 'package.json'));
    fs.writeFileSync(path.join(dir, 'package.json'), `{"name":"x","pad":"${'x'.repeat(1024 * 1024)}"}`);
    expect(() => readPackageManifest(dir)).toThrow('package.json is larger than 1048576 bytes');
  });
});
