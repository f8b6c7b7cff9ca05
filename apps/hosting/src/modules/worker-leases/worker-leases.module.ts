import { Global, Module } from '@nestjs/common';
import { WorkerLeases } from './worker-leases.service';

/**
 * The worker's lease (hosting worker only): global, so the runtime manager (ImportsWorkerModule)
 * and the variant proxy share the one WorkerLeases.
 */
@Global()
@Module({
  providers: [WorkerLeases],
  exports: [WorkerLeases],
})
export class WorkerLeasesModule {}
