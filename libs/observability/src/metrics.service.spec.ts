import { createHistogram } from 'node:perf_hooks';
import { waitFor } from '@platform/testing';
import { LoopDelaySource, MetricsService } from './metrics.service';

/** The cumulative count of `nodejs_eventloop_delay_seconds` at `le`, or the total count. */
function loopDelayCount(text: string, le?: string): number {
  const line = le
    ? new RegExp(`^nodejs_eventloop_delay_seconds_bucket\\{le="${le.replace('+', '\\+')}"\\} (\\S+)$`, 'm')
    : /^nodejs_eventloop_delay_seconds_count (\S+)$/m;
  return Number(line.exec(text)?.[1]);
}

/** A loop-delay source the test records 10 ms-timer intervals into, instead of waiting for them. */
function recordedLoop(): LoopDelaySource & { tick(intervalMs: number, times?: number): void } {
  const histogram = createHistogram();
  return {
    get count() {
      return histogram.count;
    },
    percentile: (p) => histogram.percentile(p),
    reset: () => histogram.reset(),
    enable: () => true,
    disable: () => true,
    tick(intervalMs, times = 1) {
      for (let n = 0; n < times; n += 1) histogram.record(Math.round(intervalMs * 1e6));
    },
  };
}

describe('MetricsService event-loop delay', () => {
  let metrics: MetricsService | undefined;

  afterEach(() => metrics?.onModuleDestroy());

  it('exports one observation per tick, cumulative across scrapes, and hands each tick over once', async () => {
    const loop = recordedLoop();
    metrics = new MetricsService(loop);
    loop.tick(10, 5);
    const first = await metrics.registry.metrics();
    expect(loopDelayCount(first)).toBe(5);
    expect(loop.count).toBe(0);
    loop.tick(10, 3);
    const second = await metrics.registry.metrics();
    expect(loopDelayCount(second)).toBe(8);
    expect(loopDelayCount(second, '+Inf')).toBe(8);
    expect(loopDelayCount(await metrics.registry.metrics())).toBe(8);
  });

  it('records a blocked loop as the delay past the tick, not the 10 ms tick itself', async () => {
    const loop = recordedLoop();
    metrics = new MetricsService(loop);
    loop.tick(10, 4);
    loop.tick(130); // the loop was blocked for 120 ms past the tick
    const text = await metrics.registry.metrics();
    // The on-time ticks are no delay at all (without the subtraction they would be 10 ms).
    expect(loopDelayCount(text, '0.001')).toBe(4);
    // The blocked tick: 120 ms late, above the 0.1 s bucket and within the 0.25 s one.
    expect(loopDelayCount(text, '0.1')).toBe(4);
    expect(loopDelayCount(text, '0.25')).toBe(5);
  });

  it("reads Node's own event-loop monitor by default", async () => {
    metrics = new MetricsService();
    const service = metrics;
    await waitFor(async () => loopDelayCount(await service.registry.metrics()) > 0, {
      what: 'the event-loop monitor to record a tick',
    });
  });
});
