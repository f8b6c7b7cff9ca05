// Prints one plain closing line, `jest: N passed, N failed` (plus skipped when any), so tools
// reading the end of CI's output see the counts without parsing Jest's own summary. Before it, one
// line per absent third-party data set (vendor-data.ts: the only cases that may skip), with the
// suites that skipped for it; any other skipped case is named as such, since nothing else may skip.
// And the slowest suites (wall time of each file in its worker), all of them in
// tmp/jest-timings.json, to see where a run's time goes (issue 32: the suite's length on CI).
const { mkdirSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

/** How many of the slowest suites the closing lines name. */
const SLOWEST = 10;

/** The name vendor-data.ts gives a suite's skipped case: `skipped "<title>": <where> not present`. */
const VENDOR_SKIP = /^skipped "(.*)": (.+) not present$/;

/** The lines to print for a run's skipped cases. */
function skipLines(results) {
  const bySet = new Map();
  const other = [];
  for (const file of results.testResults) {
    for (const test of file.testResults) {
      if (test.status !== 'pending' && test.status !== 'todo') continue;
      const vendor = VENDOR_SKIP.exec(test.title);
      if (vendor) {
        const titles = bySet.get(vendor[2]) ?? [];
        titles.push(vendor[1]);
        bySet.set(vendor[2], titles);
      } else {
        other.push(test.fullName);
      }
    }
  }
  const lines = [...bySet].map(
    ([where, titles]) =>
      `skipped ${titles.length} ${titles.length === 1 ? 'suite' : 'suites'}: ${where} not present (${titles.join('; ')})`,
  );
  for (const name of other) lines.push(`skipped, not for missing vendor data: ${name}`);
  return lines;
}

/** Each suite's wall time in its worker (s) and its case count, slowest first. */
function suiteTimings(results, root) {
  return results.testResults
    .map((file) => ({
      suite: relative(root, file.testFilePath),
      seconds: Number(((file.perfStats.end - file.perfStats.start) / 1000).toFixed(1)),
      tests: file.testResults.length,
    }))
    .sort((a, b) => b.seconds - a.seconds);
}

class SummaryReporter {
  constructor(globalConfig) {
    this.root = globalConfig?.rootDir ?? process.cwd();
  }

  onRunComplete(_contexts, results) {
    const timings = suiteTimings(results, this.root);
    try {
      mkdirSync(join(this.root, 'tmp'), { recursive: true });
      writeFileSync(join(this.root, 'tmp/jest-timings.json'), `${JSON.stringify(timings, null, 2)}\n`);
    } catch {
      // A read-only checkout: the closing lines below still name the slowest suites.
    }
    if (timings.length > 1) {
      process.stdout.write(`slowest suites (of ${timings.length}, all in tmp/jest-timings.json):\n`);
      for (const { suite, seconds, tests } of timings.slice(0, SLOWEST))
        process.stdout.write(`  ${String(seconds).padStart(6)} s  ${suite} (${tests} cases)\n`);
    }
    for (const line of skipLines(results)) process.stdout.write(`${line}\n`);
    const skipped = results.numPendingTests + results.numTodoTests;
    const line = `jest: ${results.numPassedTests} passed, ${results.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`;
    process.stdout.write(`${line}\n`);
  }
}

module.exports = SummaryReporter;
module.exports.skipLines = skipLines;
module.exports.suiteTimings = suiteTimings;
