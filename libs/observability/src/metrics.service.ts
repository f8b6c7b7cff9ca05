import { Inject, Injectable, OnModuleDestroy, Optional } from '@nestjs/common';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Histogram, Registry, collectDefaultMetrics, type Metric } from 'prom-client';

/** The event-loop delay sampling interval (Node's and prom-client's default). */
const LOOP_TICK_MS = 10;

/**
 * Where the service reads event-loop delay from: Node's monitor (the default), or, in a test, a
 * histogram it records intervals into (perf_hooks createHistogram), so no test waits on the clock.
 */
export interface LoopDelaySource {
  readonly count: number;
  /** The interval at percentile `p`, in nanoseconds. */
  percentile(p: number): number;
  reset(): void;
  enable(): unknown;
  disable(): unknown;
}

/** Injection token of an optional LoopDelaySource. */
export const LOOP_DELAY_SOURCE = Symbol('LOOP_DELAY_SOURCE');

/**
 * What every service of a process reports alike: Node's default metrics (CPU, memory, GC, handles)
 * and the event-loop delay, sampled by one monitor. Made once per process however many services
 * run in it (single mode), and registered into each service's own registry, so each /metrics has
 * them beside the service's own series.
 */
class ProcessMetrics {
  readonly defaults = new Registry();
  /**
   * How late a timer due every 10 ms ran, one observation per tick, never reset: the p99 over any
   * window is `histogram_quantile` over the difference of two scrapes. prom-client's
   * `nodejs_eventloop_lag_p99_seconds` cannot give that: it covers only the time since the previous
   * scrape, whoever scraped, and it includes the 10 ms interval itself.
   */
  readonly eventLoopDelay: Histogram;
  private users = 0;
  private loopFold: NodeJS.Timeout | undefined;

  // Sampled natively (a libuv timer, no JavaScript per tick); moved into the histogram every few
  // seconds and on each scrape.
  constructor(private readonly loopMonitor: LoopDelaySource) {
    collectDefaultMetrics({ register: this.defaults });
    this.eventLoopDelay = new Histogram({
      name: 'nodejs_eventloop_delay_seconds',
      help: 'Event-loop delay: how late a timer due every 10 ms ran, one observation per tick',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.015, 0.02, 0.03, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [this.defaults],
      collect: () => this.foldLoopDelay(),
    });
  }

  /** Registers the process's metrics into a service's registry; the monitor runs while anyone uses it. */
  attach(registry: Registry): void {
    // getMetricsAsArray hands out the metric objects themselves (typed as their JSON shape).
    for (const metric of this.defaults.getMetricsAsArray() as unknown as Metric[])
      registry.registerMetric(metric);
    if (this.users++ === 0) {
      this.loopMonitor.enable();
      this.loopFold = setInterval(() => this.foldLoopDelay(), 5000).unref();
    }
  }

  detach(): void {
    if (--this.users > 0) return;
    clearInterval(this.loopFold);
    this.loopMonitor.disable();
  }

  /**
   * Moves the monitor's ticks into the histogram: the k-th shortest of n intervals (3 significant
   * digits) less the 10 ms the timer was due after, for every k.
   */
  private foldLoopDelay(): void {
    const monitor = this.loopMonitor;
    const n = monitor.count;
    for (let k = 1; k <= n; k += 1) {
      const intervalMs = monitor.percentile((100 * (k - 0.25)) / n) / 1e6;
      this.eventLoopDelay.observe(Math.max(0, intervalMs - LOOP_TICK_MS) / 1000);
    }
    monitor.reset();
  }
}

let processMetrics: ProcessMetrics | undefined;

/**
 * A service's Prometheus registry: its HTTP request durations, and the process's default Node
 * metrics and event-loop delay (ProcessMetrics, shared by every service of the process).
 */
@Injectable()
export class MetricsService implements OnModuleDestroy {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** The process's event-loop delay histogram (ProcessMetrics.eventLoopDelay). */
  readonly eventLoopDelay: Histogram;
  private readonly processMetrics: ProcessMetrics;

  constructor(@Optional() @Inject(LOOP_DELAY_SOURCE) loopMonitor?: LoopDelaySource) {
    // A test's own source gets metrics of its own; otherwise the process's one monitor.
    this.processMetrics = loopMonitor
      ? new ProcessMetrics(loopMonitor)
      : (processMetrics ??= new ProcessMetrics(monitorEventLoopDelay({ resolution: LOOP_TICK_MS })));
    this.processMetrics.attach(this.registry);
    this.eventLoopDelay = this.processMetrics.eventLoopDelay;
    this.httpDuration = new Histogram({
      name: 'http_server_request_duration_seconds',
      help: 'Duration of HTTP requests served, by method, route template and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
  }

  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
  }

  onModuleDestroy(): void {
    this.processMetrics.detach();
  }
}
