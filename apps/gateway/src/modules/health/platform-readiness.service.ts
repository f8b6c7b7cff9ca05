import { Inject, Injectable } from '@nestjs/common';
import { tracedFetch } from '@platform/observability';
import { GATEWAY_CONFIG, GatewayConfig } from '../../config/gateway.config';

export type TargetKind = 'service' | 'worker';

export interface TargetReadiness {
  readonly kind: TargetKind;
  readonly status: 'ready' | 'not_ready';
  /** Why it is not ready: the status it answered, or that it did not answer in time. */
  readonly reason?: string;
}

export interface PlatformReadiness {
  readonly ready: boolean;
  /** Keyed by service name, and `<service>-<worker>` for a worker. */
  readonly targets: Readonly<Record<string, TargetReadiness>>;
}

interface Target {
  readonly name: string;
  readonly kind: TargetKind;
  readonly readyUrl: string;
}

/**
 * Readiness of everything the gateway fronts: every service's and every worker's
 * `GET /health/ready`, asked concurrently, each with a short timeout.
 */
@Injectable()
export class PlatformReadinessService {
  private readonly targets: readonly Target[];

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    this.targets = config.upstreams.flatMap((upstream) => [
      { name: upstream.service, kind: 'service' as const, readyUrl: `${upstream.url}/health/ready` },
      ...upstream.workers.map((worker) => ({
        name: `${upstream.service}-${worker.name}`,
        kind: 'worker' as const,
        readyUrl: `${worker.healthUrl}/health/ready`,
      })),
    ]);
  }

  async check(): Promise<PlatformReadiness> {
    const results = await Promise.all(
      this.targets.map(async (target) => [target.name, await this.probe(target)] as const),
    );
    return {
      ready: results.every(([, r]) => r.status === 'ready'),
      targets: Object.fromEntries(results),
    };
  }

  private async probe(target: Target): Promise<TargetReadiness> {
    const timeoutMs = this.config.healthzTimeoutMs;
    try {
      const response = await tracedFetch(target.readyUrl, { signal: AbortSignal.timeout(timeoutMs) });
      await response.body?.cancel();
      if (response.status === 200) return { kind: target.kind, status: 'ready' };
      return { kind: target.kind, status: 'not_ready', reason: `readiness answered ${response.status}` };
    } catch (e) {
      const timedOut = e instanceof DOMException && e.name === 'TimeoutError';
      return {
        kind: target.kind,
        status: 'not_ready',
        reason: timedOut ? `no answer within ${timeoutMs} ms` : 'not reachable',
      };
    }
  }
}
