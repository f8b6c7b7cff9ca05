import { Module } from '@nestjs/common';
import { DomainsWorkerModule } from '../domains/domains-worker.module';
import { ImportsWorkerModule } from '../imports/imports-worker.module';
import { VariantProxy } from './variant-proxy.service';

/**
 * For the worker: `/hosted/{appId}/{variant}/…` (and `/hosted-domains/{hostname}/…`, a custom
 * domain's traffic) to the variant here, or to the worker that owns it.
 */
@Module({ imports: [DomainsWorkerModule, ImportsWorkerModule], providers: [VariantProxy] })
export class VariantProxyModule {}
