import { checkHostname } from './domain-hostname';

/**
 * The worker's path prefix of custom domains' traffic: the gateway rewrites a request whose Host
 * is not one of the platform's own to `/hosted-domains/{host name}{original path}` and sends it to
 * the hosting worker (route table: the hosting worker's prefixes).
 */
export const HOSTED_DOMAINS_PREFIX = '/hosted-domains';

/** A host name a custom domain could have (anything else is not looked up). */
export function isRoutableHostname(hostname: string): boolean {
  return checkHostname(hostname).ok;
}
