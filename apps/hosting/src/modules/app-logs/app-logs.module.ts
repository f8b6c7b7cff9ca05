import { DynamicModule, Module } from '@nestjs/common';
import { PLATFORM_CONFIG, type PlatformConfig } from '@platform/config';
import { AppsModule } from '../apps/apps.module';
import { SecretStoreModule } from '../secret-store/secret-store.module';
import { AppLogsController } from './app-logs.controller';
import { AppLogsService } from './app-logs.service';
import { LogPageTokens } from './log-page-token';
import { LogStreamsModule } from './log-streams.module';
import { RuntimeLogStore } from './runtime-log-store.service';

/**
 * Runtime logs of app variants. As is: RuntimeLogStore (append, purge) for whoever captures lines.
 * `withHttp()` (API) adds GET …/logs on both namespaces, paged or live (LogStreamsModule). The worker's HostingMaintenanceModule purges it.
 */
@Module({
  providers: [RuntimeLogStore],
  exports: [RuntimeLogStore],
})
export class AppLogsModule {
  static withHttp(): DynamicModule {
    return {
      module: AppLogsModule,
      imports: [AppsModule, LogStreamsModule, SecretStoreModule],
      controllers: [AppLogsController],
      providers: [
        AppLogsService,
        {
          provide: LogPageTokens,
          inject: [PLATFORM_CONFIG],
          useFactory: (config: PlatformConfig) => new LogPageTokens(config.secretsEncryptionKey),
        },
      ],
    };
  }
}
