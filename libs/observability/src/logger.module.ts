import { DynamicModule, Module } from '@nestjs/common';
import { PLATFORM_CONFIG, PlatformConfig } from '@platform/config';
import { Logger, type PinoLogger } from 'nestjs-pino';
import type { Logger as Pino } from 'pino';
import { PLATFORM_LOGGER, createPlatformLogger } from './platform-logger';

/**
 * The process's pino logger, and Nest's logger over it (`app.useLogger(app.get(Logger))`).
 * nestjs-pino's `Logger` maps Nest's `log(message, ...params, context)` calls onto pino; it is
 * given the process's pino logger directly (it only calls its level methods), without
 * nestjs-pino's LoggerModule: that module installs pino-http as a Nest middleware (a middleware
 * bridge and a child logger per request) and keeps a module-wide root logger. The request line is
 * written by a Fastify hook instead (platform-logger.ts, installed by createServiceApp).
 */
@Module({})
export class PlatformLoggerModule {
  static forRoot(): DynamicModule {
    return {
      module: PlatformLoggerModule,
      providers: [
        {
          provide: PLATFORM_LOGGER,
          inject: [PLATFORM_CONFIG],
          useFactory: (config: PlatformConfig) =>
            createPlatformLogger({ level: config.logLevel, serviceName: config.serviceName }),
        },
        {
          provide: Logger,
          inject: [PLATFORM_LOGGER],
          useFactory: (pino: Pino) => new Logger(pino as unknown as PinoLogger, {}),
        },
      ],
      exports: [PLATFORM_LOGGER, Logger],
    };
  }
}
