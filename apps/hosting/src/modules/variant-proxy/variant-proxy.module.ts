import { Module } from '@nestjs/common';
import { ImportsWorkerModule } from '../imports/imports-worker.module';
import { VariantProxy } from './variant-proxy.service';

/** For the worker: `/hosted/{appId}/{variant}/…` to the variant here, or to the worker that owns it. */
@Module({ imports: [ImportsWorkerModule], providers: [VariantProxy] })
export class VariantProxyModule {}
