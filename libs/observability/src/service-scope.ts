import type { LoggerService, LogLevel } from '@nestjs/common';
import { context, createContextKey, type Context } from '@opentelemetry/api';

const SERVICE = createContextKey('platform service');

/**
 * Which service the code running now belongs to, in the OpenTelemetry context (the one async
 * context of the process): set around a service's start (the platform process starts each
 * component inside its scope, so its timers and queue workers inherit it) and around each request
 * it serves (installHttpObservability). One process may run several services (single mode).
 */
export const ServiceScope = {
  /** Runs `fn` (and everything it starts) as `service`'s. */
  run<T>(service: string, fn: () => T): T {
    return context.with(ServiceScope.set(context.active(), service), fn);
  },
  set(ctx: Context, service: string): Context {
    return ctx.setValue(SERVICE, service);
  },
  current(): string | undefined {
    return context.active().getValue(SERVICE) as string | undefined;
  },
};

/**
 * Nest's process-wide logger (what `new Logger('Context')` writes through; `app.useLogger` sets
 * it for the whole process, not for one app): each line goes to the logger of the service whose
 * code is running (ServiceScope), so a line names its service whichever other services share the
 * process; to the last service registered when no scope is known (the only one, when a service
 * has its process to itself). Given to Nest from the start (NestFactory's `logger`), instead of
 * Nest's buffer, which is one per process too and would flush every app's start-up lines through
 * whichever app asked first.
 */
export class ServiceLoggerRouter implements LoggerService {
  private readonly byService = new Map<string, LoggerService>();
  private last: LoggerService | undefined;
  /**
   * Lines written before their service's logger exists (Nest logs while it builds an app, before
   * the app can hand its logger over), by service ('' for no scope): written once it registers.
   */
  private readonly pending = new Map<string, [Method, unknown[]][]>();

  register(service: string, logger: LoggerService): this {
    this.byService.set(service, logger);
    this.last = logger;
    for (const key of [service, '']) {
      for (const [method, args] of this.pending.get(key) ?? []) write(logger, method, args);
      this.pending.delete(key);
    }
    return this;
  }

  private route(method: Method, args: unknown[]): void {
    const service = ServiceScope.current();
    const logger = service === undefined ? this.last : this.byService.get(service);
    if (logger) return write(logger, method, args);
    const key = service ?? '';
    const lines = this.pending.get(key) ?? [];
    // A bound: a service that never registers must not hold lines forever.
    if (lines.length < 1000) lines.push([method, args]);
    this.pending.set(key, lines);
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.route('log', [message, ...rest]);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.route('error', [message, ...rest]);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.route('warn', [message, ...rest]);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.route('debug', [message, ...rest]);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.route('verbose', [message, ...rest]);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.route('fatal', [message, ...rest]);
  }
  setLogLevels(levels: LogLevel[]): void {
    for (const logger of this.byService.values()) logger.setLogLevels?.(levels);
  }
}

type Method = 'log' | 'error' | 'warn' | 'debug' | 'verbose' | 'fatal';

function write(logger: LoggerService, method: Method, args: unknown[]): void {
  const [message, ...rest] = args;
  logger[method]?.(message, ...rest);
}

/** The process's one router: Nest's static logger in every service of the process. */
export const processLoggerRouter = new ServiceLoggerRouter();
