import { Injectable } from '@nestjs/common';
import type { ReadinessCheck } from '@platform/observability';

/**
 * The gateway's own readiness (GET /health/ready): it has no dependency of its own, so it is
 * ready once it serves. Whether the platform behind it is ready is GET /healthz.
 */
@Injectable()
export class GatewayReadinessCheck implements ReadinessCheck {
  readonly name = 'gateway';

  async check(): Promise<string> {
    return 'serving';
  }
}
