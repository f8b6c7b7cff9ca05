import { Module } from '@nestjs/common';
import { UcpModule } from '../ucp/ucp.module';
import { CatalogController } from './catalog.controller';
import { CatalogService } from './catalog.service';

/** Catalog search, lookup and product of every business (…/catalog/…). */
@Module({ imports: [UcpModule], controllers: [CatalogController], providers: [CatalogService] })
export class CatalogModule {}
