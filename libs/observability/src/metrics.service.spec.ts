import { MetricsService } from './metrics.service';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The cumulative count of `nodejs_eventloop_delay_seconds` at `le`, or the total count. */
function loopDelayCount(text: string, le?: string): number {
  const line = le
    ? new RegExp(`^nodejs_eventloop_delay_seconds_bucket\\{le="${le.replace('+', '\\+')}"\\} (\\S+)$`, 'm')
    : /^nodejs_eventloop_delay_seconds_count (\S+)$/m;
  return Number(line.exec(text)?.[1]);
}

describe('MetricsService event-loop delay', () => {
  let metrics: MetricsService;

  beforeEach(() => {
    metrics = new MetricsService();
  });

  afterEach(() => metrics.onModuleDestroy());

  it('exports one observation per 10 ms tick, cumulative across scrapes', async () => {
    await sleep(300);
    const first = await metrics.registry.metrics();
    const ticks = loopDelayCount(first);
    expect(ticks).toBeGreaterThan(5);
    expect(ticks).toBeLessThanOrEqual(31);
    await sleep(200);
    const second = await metrics.registry.metrics();
    expect(loopDelayCount(second)).toBeGreaterThan(ticks);
    expect(loopDelayCount(second, '+Inf')).toBe(loopDelayCount(second));
  });

  it('records a blocked loop as the delay past the tick, not the 10 ms tick itself', async () => {
    await sleep(100);
    const start = Date.now();
    while (Date.now() - start < 120) {
      // the event loop is blocked
    }
    await sleep(50);
    const text = await metrics.registry.metrics();
    const total = loopDelayCount(text);
    // The blocked tick: at least 100 ms late.
    expect(total - loopDelayCount(text, '0.1')).toBeGreaterThanOrEqual(1);
    // The 10 ms tick itself is not counted as delay: an interval is never shorter than ~9 ms, so
    // without the subtraction no tick could fall under 5 ms.
    expect(loopDelayCount(text, '0.005')).toBeGreaterThan(0);
  });
});
