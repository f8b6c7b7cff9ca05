import { Module } from '@nestjs/common';
import { LogNotifications } from './log-notifications';
import { LogStreamSlots } from './log-stream-slots';
import { LogStreamsService } from './log-streams.service';

/**
 * Live log streams (API): the LISTEN connection, the per-credential slots and the streams of this
 * process, for the runtime logs (AppLogsModule) and the build logs of deployments and imports alike. Needs
 * HostingConfigModule.forApi (LOG_STREAM_SETTINGS), Redis and AuthModule (TokenService).
 */
@Module({
  providers: [LogNotifications, LogStreamSlots, LogStreamsService],
  exports: [LogStreamsService],
})
export class LogStreamsModule {}
