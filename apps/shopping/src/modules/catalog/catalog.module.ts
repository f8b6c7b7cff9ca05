import { Module } from '@nestjs/common';
import { UcpModule } from '../ucp/ucp.module';
import { CatalogController } from './catalog.controller';
import { CatalogService } from './catalog.service';

/** Catalog search, lookup and product of every business (…/catalog/…); CatalogService also serves MCP. */
@Module({
  imports: [UcpModule],
  controllers: [CatalogController],
  providers: [CatalogService],
  exports: [CatalogService],
})
export class CatalogModule {}
