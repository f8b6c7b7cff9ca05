import { Module } from '@nestjs/common';
import { HttpSemanticsService } from './http-semantics.service';

/**
 * Expectations, CORS and compression for every route of the gateway. Imported by the modules
 * that register routes (proxy, graphql), whose services install it before their routes.
 */
@Module({
  providers: [HttpSemanticsService],
  exports: [HttpSemanticsService],
})
export class HttpSemanticsModule {}
