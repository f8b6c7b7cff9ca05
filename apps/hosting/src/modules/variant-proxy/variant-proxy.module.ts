import { Module } from '@nestjs/common';
import { ImportsWorkerModule } from '../imports/imports-worker.module';
import { VariantProxy } from './variant-proxy';

/** For the worker: `/hosted/{appId}/{variant}/…` to the variant's process on this worker. */
@Module({ imports: [ImportsWorkerModule], providers: [VariantProxy] })
export class VariantProxyModule {}
