import type { FastifyInstance } from 'fastify';
import type { InProcessRoutes } from '../component/platform-component';

/** Host names that all mean this machine's loopback interface (or every interface of it). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]', '0.0.0.0', '::', '[::]']);

/**
 * The key of an origin: scheme, host and port, with every loopback spelling of the host made one
 * (`http://127.0.0.1:3001`, `http://localhost:3001/` and `http://[::1]:3001` are the same service)
 * and the scheme's default port written out. Undefined for anything that is not an http(s) URL.
 */
export function originKey(origin: string | URL): string | undefined {
  let url: URL;
  try {
    url = typeof origin === 'string' ? new URL(origin) : origin;
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const host = url.hostname.toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.protocol}//${LOOPBACK_HOSTS.has(host) ? 'loopback' : host}:${port}`;
}

/**
 * The services built in this process, by the origin each listens on: what the process that builds
 * them (single mode) mounts once a service listens and unmounts when it closes, and what the
 * gateway's InProcessDispatcher resolves a request's origin against.
 */
export class InProcessRouteTable implements InProcessRoutes {
  private readonly byOrigin = new Map<string, FastifyInstance>();

  /** Answers requests to `origin` with `fastify` from now on (replacing what answered before). */
  mount(origin: string, fastify: FastifyInstance): void {
    const key = originKey(origin);
    if (key === undefined) throw new Error(`not an http(s) origin: ${origin}`);
    this.byOrigin.set(key, fastify);
  }

  /** Requests to `origin` go over the wire again (to whatever listens there, if anything). */
  unmount(origin: string): void {
    const key = originKey(origin);
    if (key !== undefined) this.byOrigin.delete(key);
  }

  resolve(origin: string): FastifyInstance | undefined {
    const key = originKey(origin);
    return key === undefined ? undefined : this.byOrigin.get(key);
  }
}
