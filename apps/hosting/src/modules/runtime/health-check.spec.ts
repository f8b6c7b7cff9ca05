import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gateOnHealth, probeHealth, type ProbeResult } from './health-check';
import { variantState } from './variant-instances';

/** A clock and sleep that only move when the gate sleeps. */
function fakeTime() {
  let now = 0;
  return { now: () => now, sleep: async (ms: number) => void (now += ms) };
}

const answers = (...results: ProbeResult[]) => {
  const calls: number[] = [];
  let i = 0;
  return {
    calls,
    probe: async () => {
      calls.push(i);
      return results[Math.min(i++, results.length - 1)];
    },
  };
};

describe('gateOnHealth', () => {
  it('passes at the first 2xx probe, probing every interval', async () => {
    const time = fakeTime();
    const { probe, calls } = answers({ ok: false, result: 'HTTP 503' }, { ok: true, result: 'HTTP 200' });
    const outcome = await gateOnHealth({
      probe,
      up: () => true,
      cancelled: () => false,
      intervalMs: 1000,
      deadline: 10_000,
      ...time,
    });
    expect(outcome).toEqual({ passed: true });
    expect(calls).toHaveLength(2);
    expect(time.now()).toBe(1000);
  });

  it('fails at the deadline with the last probe result', async () => {
    const time = fakeTime();
    const { probe, calls } = answers({ ok: false, result: 'HTTP 500' });
    const outcome = await gateOnHealth({
      probe,
      up: () => true,
      cancelled: () => false,
      intervalMs: 1000,
      deadline: 5000,
      ...time,
    });
    expect(outcome).toEqual({ passed: false, cancelled: false, last: 'HTTP 500' });
    expect(calls).toHaveLength(6); // at 0, 1000, … 5000 ms
    expect(time.now()).toBe(5000);
  });

  it('does not probe an instance that is down, and says none answered', async () => {
    const time = fakeTime();
    const { probe, calls } = answers({ ok: true, result: 'HTTP 200' });
    const outcome = await gateOnHealth({
      probe,
      up: () => false,
      cancelled: () => false,
      intervalMs: 500,
      deadline: 2000,
      ...time,
    });
    expect(outcome).toEqual({ passed: false, cancelled: false, last: null });
    expect(calls).toHaveLength(0);
  });

  it('gives up at once when cancelled', async () => {
    const { probe, calls } = answers({ ok: false, result: 'HTTP 500' });
    const outcome = await gateOnHealth({
      probe,
      up: () => true,
      cancelled: () => true,
      intervalMs: 500,
      deadline: 2000,
      ...fakeTime(),
    });
    expect(outcome).toMatchObject({ passed: false, cancelled: true });
    expect(calls).toHaveLength(0);
  });
});

describe('probeHealth', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/slow') return void setTimeout(() => res.end('late'), 2000);
      if (req.url === '/moved') {
        res.writeHead(302, { location: '/ok' });
        return void res.end();
      }
      res.statusCode = req.url === '/ok' ? 204 : 500;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('is ok on 2xx only: 5xx and redirects fail with their status', async () => {
    expect(await probeHealth(`${base}/ok`, 1000)).toEqual({ ok: true, result: 'HTTP 204' });
    expect(await probeHealth(`${base}/bad`, 1000)).toEqual({ ok: false, result: 'HTTP 500' });
    expect(await probeHealth(`${base}/moved`, 1000)).toEqual({ ok: false, result: 'HTTP 302' });
  });

  it('fails a probe that takes longer than its timeout, and one nothing answers', async () => {
    expect(await probeHealth(`${base}/slow`, 100)).toEqual({ ok: false, result: 'timed out after 100 ms' });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await probeHealth(`http://127.0.0.1:${port}/`, 1000);
    expect(refused).toEqual({ ok: false, result: 'ECONNREFUSED' });
  });
});

describe('variantState', () => {
  it('is RUNNING while one instance runs, else the most hopeful state, STOPPED for none', () => {
    expect(variantState(['FAILED', 'RUNNING', 'RESTARTING'])).toBe('RUNNING');
    expect(variantState(['RESTARTING', 'STARTING'])).toBe('STARTING');
    expect(variantState(['FAILED', 'RESTARTING'])).toBe('RESTARTING');
    expect(variantState(['FAILED', 'STOPPED'])).toBe('FAILED');
    expect(variantState([])).toBe('STOPPED');
  });
});
