import { Module } from '@nestjs/common';
import { UpstreamProxyService } from './upstream-proxy.service';

/** Path routing: every route-table prefix proxied to its service. */
@Module({
  providers: [UpstreamProxyService],
})
export class ProxyModule {}
