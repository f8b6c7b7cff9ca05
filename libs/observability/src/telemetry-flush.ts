import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { flushTelemetry } from './telemetry';

/** Exports the spans still buffered when the app closes (graceful shutdown), before the process exits. */
@Injectable()
export class TelemetryFlush implements OnApplicationShutdown {
  async onApplicationShutdown(): Promise<void> {
    await flushTelemetry();
  }
}
