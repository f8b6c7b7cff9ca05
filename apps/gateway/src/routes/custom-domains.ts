import type { IncomingMessage } from 'node:http';
import { hostnameOfHostHeader } from '@platform/config';
import type { PlatformHosts } from '@platform/config';

/**
 * The worker prefix custom domains' traffic goes to (the hosting worker's, route table): a request
 * whose `Host` is not one of the platform's own is rewritten to `/hosted-domains/{host name}{path}`
 * before routing, so it reaches the hosting worker's proxy, which serves the variant that ACTIVE
 * custom domain is attached to, or answers 404 DOMAIN_NOT_FOUND (docs/gateway.md, "Custom domains").
 */
export const CUSTOM_DOMAINS_PREFIX = '/hosted-domains';

/** How the gateway tells a custom domain's request from its own. */
export interface CustomDomainRouting {
  readonly platformHosts: PlatformHosts;
}

/**
 * Fastify's `rewriteUrl` for the gateway: the URL unchanged for the platform's own hosts (and for a
 * request without Host, or `OPTIONS *`), else prefixed with CUSTOM_DOMAINS_PREFIX and the host name.
 */
export function customDomainRewrite(routing: CustomDomainRouting): (request: IncomingMessage) => string {
  return (request) => {
    const url = request.url ?? '/';
    const host = request.headers.host;
    if (!host || !url.startsWith('/')) return url;
    const hostname = hostnameOfHostHeader(host);
    if (routing.platformHosts.isPlatform(hostname)) return url;
    return `${CUSTOM_DOMAINS_PREFIX}/${encodeURIComponent(hostname)}${url}`;
  };
}
