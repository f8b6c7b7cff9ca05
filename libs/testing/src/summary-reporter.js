// Prints one plain closing line, `jest: N passed, N failed` (plus skipped when any), so tools
// reading the end of CI's output see the counts without parsing Jest's own summary. Before it, one
// line per absent third-party data set (vendor-data.ts: the only cases that may skip), with the
// suites that skipped for it; any other skipped case is named as such, since nothing else may skip.

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

class SummaryReporter {
  onRunComplete(_contexts, results) {
    for (const line of skipLines(results)) process.stdout.write(`${line}\n`);
    const skipped = results.numPendingTests + results.numTodoTests;
    const line = `jest: ${results.numPassedTests} passed, ${results.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`;
    process.stdout.write(`${line}\n`);
  }
}

module.exports = SummaryReporter;
module.exports.skipLines = skipLines;
