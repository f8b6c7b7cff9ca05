// The build of single mode (`npm start`, PLATFORM_MODE unset): every app's and lib's TypeScript
// transpiled file by file with SWC into dist/platform/, the repository's layout kept (so a file's
// `__dirname` sits as deep as in an app's own build), `@platform/*` imports rewritten to relative
// paths, and the data files beside the sources copied. Incremental: a file is transpiled again
// only when its source is newer than its output; outputs of deleted sources are removed.
//
// Why SWC and not tsc here: starting the platform must not wait for type checking. tsc over the
// whole tree takes about a minute on this 2-core machine, SWC about two seconds (docs/decisions.md,
// "Single mode"); `npm test` still type-checks everything with tsc (npm run typecheck) and builds
// each app with tsc for its container image, so nothing that does not type-check lands.
const { transformFileSync } = require('@swc/core');
const {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} = require('node:fs');
const { dirname, join, relative } = require('node:path');

const ROOT = join(__dirname, '..');
const OUT = join(ROOT, 'dist', 'platform');
/** Apps that are not platform components: the admin CLI runs on its own, the e2e tests only start processes. */
const SKIPPED_APPS = new Set(['platform-e2e']);
/** Libraries for specs only (libs/testing), never loaded by a running service. */
const SKIPPED_LIBS = new Set(['testing']);
/** Files copied as they are: data read at run time (CLDR snapshot, the sandbox's init script). */
const COPIED = /\.(json|js|graphql)$/;
const SKIPPED_FILE = /\.(spec|e2e-spec)\.ts$|\.d\.ts$/;

/** `@platform/x` → libs/x/src/index.ts, from tsconfig.base.json's paths (the one list of them). */
function aliasPaths() {
  const config = JSON.parse(readFileSync(join(ROOT, 'tsconfig.base.json'), 'utf8'));
  return config.compilerOptions.paths;
}

function swcOptions(paths) {
  return {
    // .swcrc files are not read: these options are the whole configuration.
    swcrc: false,
    configFile: false,
    sourceMaps: true,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      // Nest's dependency injection reads constructor parameter types from decorator metadata,
      // as tsc's emitDecoratorMetadata writes it.
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
      baseUrl: ROOT,
      paths,
    },
    module: { type: 'commonjs', strictMode: true, noInterop: false },
  };
}

/** Every source file of the platform's apps and libs, as paths relative to the root. */
function sourceFiles() {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if ((entry.name.endsWith('.ts') && !SKIPPED_FILE.test(entry.name)) || COPIED.test(entry.name))
        files.push(path);
    }
  };
  for (const [group, skipped] of [
    ['apps', SKIPPED_APPS],
    ['libs', SKIPPED_LIBS],
  ]) {
    for (const project of readdirSync(join(ROOT, group))) {
      if (skipped.has(project) || !existsSync(join(ROOT, group, project, 'src'))) continue;
      walk(join(group, project, 'src'));
    }
  }
  // The gateway's supergraph, composed from the committed subgraph SDLs (committed itself).
  files.push(join('apps', 'gateway', 'supergraph.graphql'));
  return files;
}

function outputOf(file) {
  return join(OUT, file.endsWith('.ts') ? file.replace(/\.ts$/, '.js') : file);
}

/** Output files that no source makes any more (a renamed or deleted file). */
function removeOrphans(expected) {
  if (!existsSync(OUT)) return 0;
  let removed = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!expected.has(path.replace(/\.js\.map$/, '.js'))) {
        rmSync(path);
        removed++;
      }
    }
  };
  walk(OUT);
  return removed;
}

/**
 * Brings dist/platform up to date; returns how many files were transpiled or copied. Throws on a
 * syntax error, naming the file.
 */
function buildPlatform() {
  const options = swcOptions(aliasPaths());
  const files = sourceFiles();
  const expected = new Set(files.map(outputOf));
  let written = 0;
  for (const file of files) {
    const source = join(ROOT, file);
    const out = outputOf(file);
    if (existsSync(out) && statSync(out).mtimeMs >= statSync(source).mtimeMs) continue;
    mkdirSync(dirname(out), { recursive: true });
    if (!file.endsWith('.ts')) {
      copyFileSync(source, out);
    } else {
      const { code, map } = transformFileSync(source, {
        ...options,
        filename: source,
        sourceFileName: relative(dirname(out), source),
      });
      writeFileSync(`${out}.map`, map);
      writeFileSync(out, `${code}\n//# sourceMappingURL=${out.split('/').pop()}.map\n`);
    }
    written++;
  }
  removeOrphans(expected);
  return written;
}

/** The compiled platform process (apps/platform/src/main.ts). */
const PLATFORM_ENTRY = join(OUT, 'apps', 'platform', 'src', 'main.js');

module.exports = { buildPlatform, PLATFORM_ENTRY, PLATFORM_OUT: OUT };

if (require.main === module) {
  const started = Date.now();
  const written = buildPlatform();
  process.stderr.write(`dist/platform: ${written} files written in ${Date.now() - started} ms\n`);
}
