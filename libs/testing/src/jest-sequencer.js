// The order of a run's suites (root jest.config.ts `testSequencer`). Jest's own order is kept
// (suites that failed last time first, then the longest first by its cache, else the largest file
// first), except for the suites that run the whole platform: apps/platform-e2e's end-to-end suites,
// which start `npm start` (one process, or twenty in services mode) or a set of services of their
// own and take minutes each. By file size, as on CI's cold cache, Jest would start the largest of
// them first and leave chaos and soak (small files, three minutes each) to the very end, where the
// run waits on them alone; by cached time it starts them all at once, side by side on two cores.
// Here they start the longest first, spread over the first half of the run between the others.
const Sequencer = require('@jest/test-sequencer').default;

/** The whole-platform suites, longest first (CI figures: 400, 190, 115, 105, 90 s …). */
const WHOLE_PLATFORM = [
  'platform.e2e-spec.ts',
  'chaos.e2e-spec.ts',
  'soak.e2e-spec.ts',
  'services-mode.e2e-spec.ts',
  'shopping.e2e-spec.ts',
  'storefront-kit.e2e-spec.ts',
  'graceful-shutdown.e2e-spec.ts',
];
const PLATFORM_E2E_DIR = /[\\/]apps[\\/]platform-e2e[\\/]test[\\/]/;

/** Where among the suites a whole-platform suite runs: its rank in WHOLE_PLATFORM, or -1. */
function wholePlatformRank(path) {
  if (!PLATFORM_E2E_DIR.test(path)) return -1;
  return WHOLE_PLATFORM.findIndex((name) => path.endsWith(name));
}

/**
 * `ordered` (Jest's order) with the whole-platform suites taken out and put back one every `gap`
 * of the others, the first at the start; `gap` spreads them over the first half of the others.
 */
function spreadWholePlatform(ordered) {
  const heavy = ordered
    .filter((t) => wholePlatformRank(t.path) >= 0)
    .sort((a, b) => wholePlatformRank(a.path) - wholePlatformRank(b.path));
  if (heavy.length === 0) return ordered;
  const others = ordered.filter((t) => wholePlatformRank(t.path) < 0);
  const gap = Math.max(1, Math.floor(others.length / 2 / heavy.length));
  const out = [];
  for (const [i, test] of others.entries()) {
    if (i % gap === 0 && heavy.length > 0) out.push(heavy.shift());
    out.push(test);
  }
  return out.concat(heavy);
}

class PlatformSequencer extends Sequencer {
  async sort(tests) {
    return spreadWholePlatform(await super.sort(tests));
  }
}

module.exports = PlatformSequencer;
module.exports.spreadWholePlatform = spreadWholePlatform;
