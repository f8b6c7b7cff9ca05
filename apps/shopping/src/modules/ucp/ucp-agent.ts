import { isInnerList, parseSfDictionary } from '@platform/crypto';

/** What the `UCP-Agent` header (RFC 8941 dictionary) says: the agent's profile URL and, maybe, its version. */
export interface UcpAgentHeader {
  readonly profileUrl: string;
  readonly version?: string;
}

export type UcpAgentReading = { readonly agent: UcpAgentHeader } | { readonly problem: string };

/**
 * Reads `UCP-Agent: profile="https://agent.example/.well-known/ucp"` (parameters such as
 * `;version="2026-04-08"` allowed, as the conformance suites send them). The profile member is
 * required and must be an absolute http(s) URL; anything else is a malformed header.
 */
export function readUcpAgent(raw: string | string[] | undefined): UcpAgentReading {
  if (raw === undefined || raw === '') return { problem: 'the UCP-Agent header is required' };
  const value = Array.isArray(raw) ? raw.join(', ') : raw;
  let dictionary: ReturnType<typeof parseSfDictionary>;
  try {
    dictionary = parseSfDictionary(value);
  } catch {
    return { problem: 'the UCP-Agent header is not an RFC 8941 dictionary' };
  }
  const member = dictionary.get('profile');
  if (!member || isInnerList(member) || typeof member.value !== 'string')
    return { problem: 'the UCP-Agent header needs profile="<url of the agent profile>"' };
  const top = dictionary.get('version');
  const version = member.params.get('version') ?? (top && !isInnerList(top) ? top.value : undefined);
  return ucpAgentOf(member.value, typeof version === 'string' ? version : undefined, 'the UCP-Agent profile');
}

/**
 * The agent a profile URL names, however it travelled (the `UCP-Agent` header, or the MCP binding's
 * `meta["ucp-agent"].profile`): it must be an absolute http(s) URL. `what` names it in the problem.
 */
export function ucpAgentOf(profileUrl: string, version: string | undefined, what: string): UcpAgentReading {
  let url: URL;
  try {
    url = new URL(profileUrl);
  } catch {
    return { problem: `${what} is not an absolute URL` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { problem: `${what} must be an http(s) URL` };
  return { agent: { profileUrl, ...(version !== undefined ? { version } : {}) } };
}
