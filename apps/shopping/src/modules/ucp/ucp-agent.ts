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
  const profileUrl = member.value;
  let url: URL;
  try {
    url = new URL(profileUrl);
  } catch {
    return { problem: 'the UCP-Agent profile is not an absolute URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { problem: 'the UCP-Agent profile must be an http(s) URL' };
  const top = dictionary.get('version');
  const version = member.params.get('version') ?? (top && !isInnerList(top) ? top.value : undefined);
  return {
    agent: { profileUrl, ...(typeof version === 'string' ? { version } : {}) },
  };
}
