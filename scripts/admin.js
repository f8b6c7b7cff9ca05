#!/usr/bin/env node
// `npm run -s admin -- <noun> <verb> [--flag v]`: dispatches a noun to the app that owns it
// (apps never import each other, so each owning app ships its own admin entry point) and
// builds that app first when its sources changed. Prints exactly one JSON object on stdout, and
// nothing on stderr unless something went wrong (a failed build's output, a crash).
const { buildIfStale, entryPath } = require('./build-if-stale');

/** noun → [app, entry point]. A later service adds its nouns here. */
const NOUNS = {
  account: ['admin-cli', 'main'],
  token: ['admin-cli', 'main'],
  store: ['commerce-rest', 'admin'],
  channel: ['commerce-rest', 'admin'],
  domain: ['domains', 'admin'],
  'payment-profile': ['domains', 'admin'],
  agent: ['agent-registry', 'admin'],
  'shopping-product': ['shopping', 'admin'],
};

function fail(code, message) {
  process.stdout.write(JSON.stringify({ error: { code, message } }) + '\n');
  process.exit(1);
}

const noun = process.argv[2];
const owner = NOUNS[noun];
if (!owner) {
  fail('UNKNOWN_COMMAND', `unknown noun "${noun ?? ''}"; nouns: ${Object.keys(NOUNS).join(', ')}`);
} else {
  const [app, entry] = owner;
  try {
    // Quiet: a build is no reason to print anything; its output is shown when it fails.
    buildIfStale([app], { entry, quiet: true });
  } catch (e) {
    if (e.output) {
      process.stderr.write(e.output);
      fail('BUILD_FAILED', `could not build ${app}: its build failed (its output is on stderr)`);
    }
    fail('BUILD_FAILED', `could not build ${app}: ${e.message}`);
  }
  require(entryPath(app, entry));
}
