import { SERVICE_PORTS, WORKER_PORTS } from '@platform/config';
import type { PlatformConfig } from '@platform/config';
import { type OutboundTarget, parseOutboundTarget, parseOutboundTargets } from './outbound-targets';

/**
 * `host:port` of a service URL (`postgres://…@db:5432/x` → db:5432), `fallbackPort` when it names
 * none. An IPv6 host keeps the URL's brackets (`[::1]:6379`), or its port would read as part of it.
 */
function hostPort(raw: string, fallbackPort: number): OutboundTarget {
  const url = new URL(raw);
  return parseOutboundTarget(`${url.hostname}:${url.port || fallbackPort}`);
}

/**
 * The platform's own endpoints that no URL a customer gives may reach (the `deniedTargets` of an
 * outbound policy): its PostgreSQL and Redis as the process's config names them, and every
 * service and worker port on this host (127.0.0.1 and localhost).
 */
export function platformTargets(
  platform: Pick<PlatformConfig, 'databaseUrl' | 'redisUrl'>,
): OutboundTarget[] {
  const ports = [...Object.values(SERVICE_PORTS), ...Object.values(WORKER_PORTS)];
  return [
    hostPort(platform.databaseUrl, 5432),
    hostPort(platform.redisUrl, 6379),
    ...ports.flatMap((port) => parseOutboundTargets(`127.0.0.1:${port},localhost:${port}`)),
  ];
}
