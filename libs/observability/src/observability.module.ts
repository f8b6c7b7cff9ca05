import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { DrainState } from './drain-state';
import { HealthController } from './health.controller';
import { PlatformLoggerModule } from './logger.module';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';
import { READINESS_CHECKS, ReadinessCheck } from './readiness-check';
import { TelemetryFlush } from './telemetry-flush';

export interface ObservabilityModuleOptions {
  /** Providers (classes or factories) that produce the process's ReadinessChecks. */
  readonly readinessChecks: readonly Provider<ReadinessCheck>[];
  /** Injection tokens of those providers, in the same order. */
  readonly readinessTokens: readonly (
    string | symbol | (abstract new (...args: never[]) => ReadinessCheck)
  )[];
}

/** Logs, metrics, health endpoints and the last export of spans (TelemetryFlush) of one process. */
@Global()
@Module({})
export class ObservabilityModule {
  static forRoot(options: ObservabilityModuleOptions): DynamicModule {
    return {
      module: ObservabilityModule,
      imports: [PlatformLoggerModule.forRoot()],
      controllers: [HealthController, MetricsController],
      providers: [
        DrainState,
        MetricsService,
        TelemetryFlush,
        ...options.readinessChecks,
        {
          provide: READINESS_CHECKS,
          inject: [...options.readinessTokens],
          useFactory: (...checks: ReadinessCheck[]) => checks,
        },
      ],
      exports: [DrainState, MetricsService, PlatformLoggerModule],
    };
  }
}
