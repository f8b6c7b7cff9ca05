import { Module } from '@nestjs/common';
import { HttpSemanticsModule } from '../http-semantics/http-semantics.module';
import { UpstreamProxyService } from './upstream-proxy.service';

/** Path routing: every route-table prefix proxied to its service. */
@Module({
  imports: [HttpSemanticsModule],
  providers: [UpstreamProxyService],
})
export class ProxyModule {}
