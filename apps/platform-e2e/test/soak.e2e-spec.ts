import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A shortened `npm run soak` (scripts/soak.js, 2 400 requests): its own Redis and PostgreSQL, the platform through
 * npm start, and mixed requests through the gateway from fetch and raw keep-alive sockets at 20
 * connections. The run fails (exit 1) on any transport error, any stalled answer and any unexpected
 * status; this spec asserts its exit code and its report. The full 50 000 requests are
 * `npm run soak` (docs/reliability.md).
 */
const ROOT = join(__dirname, '../../..');

interface SoakReport {
  requests: number;
  concurrency: number;
  rows: { kind: string; requests: number; statuses: string }[];
  transportErrors: number;
  slow: number;
  unexpected: number;
}

describe('soak run, shortened (own Redis and PostgreSQL, npm start, fetch and raw sockets)', () => {
  it('answers every request as expected, none stalled', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'soak-spec-'));
    const reportFile = join(dir, 'soak.json');
    let output = '';
    try {
      const code = await new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, [join(ROOT, 'scripts/soak.js')], {
          cwd: ROOT,
          env: {
            ...process.env,
            SOAK_REQUESTS: '2400',
            SOAK_CONCURRENCY: '20',
            // No timing assertion in npm test (the machine runs other suites meanwhile): here "slow"
            // means a stall. The 2 s bound is the full `npm run soak`'s, run by hand.
            SOAK_SLOW_MS: '10000',
            SOAK_JSON: reportFile,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child.stdout.on('data', (d) => (output += d));
        child.stderr.on('data', (d) => (output += d));
        child.once('exit', (c) => resolve(c));
      });
      expect({ code, tail: code === 0 ? '' : output.slice(-4000) }).toEqual({ code: 0, tail: '' });
      const report = JSON.parse(readFileSync(reportFile, 'utf8')) as SoakReport;
      expect(report).toMatchObject({
        requests: 2400,
        concurrency: 20,
        transportErrors: 0,
        slow: 0,
        unexpected: 0,
      });
      expect(report.rows.map((r) => r.kind)).toEqual([
        'countries',
        'store read',
        'customer create',
        'mailbox read',
        'app status',
        'graphql orders',
        'unknown path',
        'refused upload',
      ]);
      for (const row of report.rows) expect(row.requests).toBe(300);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);
});
