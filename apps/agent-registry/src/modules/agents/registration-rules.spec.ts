import { PlatformError } from '@platform/errors';
import { normalizeAgentHost, validateRegistration } from './registration-rules';
import type { RegistrationInput } from './registration-rules';

const base: RegistrationInput = {
  accountId: '6F1C6B2E-8D0A-4C8B-9F57-0E5D1B9A7C11',
  providerId: 'acme',
  agentHost: 'Agent.Example.com.',
  version: '1.0.0',
};

function codeOf(fn: () => unknown): [number, string] | undefined {
  try {
    fn();
    return undefined;
  } catch (e) {
    return e instanceof PlatformError ? [e.status, e.code] : undefined;
  }
}

describe('registration rules', () => {
  it('normalises the host and account and applies the defaults', () => {
    expect(validateRegistration(base)).toEqual({
      accountId: '6f1c6b2e-8d0a-4c8b-9f57-0e5d1b9a7c11',
      providerId: 'acme',
      agentHost: 'agent.example.com',
      version: '1.0.0',
      displayName: 'agent.example.com',
      description: null,
      status: 'ACTIVE',
      endpoints: [
        { agentUrl: 'https://agent.example.com/mcp', protocol: 'MCP', transports: ['STREAMABLE-HTTP'] },
      ],
    });
  });

  it.each(['1.0', '01.0.0', '1.0.0-beta', 'v1.0.0', '1.0.0+build', '', '1.0.0.0'])(
    'refuses version %p',
    (version) => {
      expect(codeOf(() => validateRegistration({ ...base, version }))).toEqual([400, 'INVALID_VERSION']);
    },
  );

  it.each(['0.0.0', '10.20.30', '1.0.0'])('takes version %p', (version) => {
    expect(validateRegistration({ ...base, version }).version).toBe(version);
  });

  it.each([
    'localhost',
    '-a.example.com',
    'a_b.example.com',
    '10.0.0.1',
    `${'a'.repeat(64)}.com`,
    'a..b.com',
    '',
  ])('refuses host %p', (agentHost) => {
    expect(normalizeAgentHost(agentHost)).toBeUndefined();
    expect(codeOf(() => validateRegistration({ ...base, agentHost }))).toEqual([400, 'INVALID_AGENT_HOST']);
  });

  it('refuses a second endpoint of the same protocol with DUPLICATE_PROTOCOL (422)', () => {
    const mcp = { agentUrl: 'https://agent.example.com/a', protocol: 'MCP', transports: ['REST'] };
    expect(codeOf(() => validateRegistration({ ...base, endpoints: [mcp, mcp] }))).toEqual([
      422,
      'DUPLICATE_PROTOCOL',
    ]);
  });

  it.each([
    [
      'an agentUrl on another host',
      { agentUrl: 'https://evil.example.net/mcp', protocol: 'MCP', transports: ['REST'] },
    ],
    ['a relative agentUrl', { agentUrl: '/mcp', protocol: 'MCP', transports: ['REST'] }],
    ['an ftp agentUrl', { agentUrl: 'ftp://agent.example.com/x', protocol: 'MCP', transports: ['REST'] }],
    [
      'an unknown protocol',
      { agentUrl: 'https://agent.example.com/x', protocol: 'GRPC', transports: ['REST'] },
    ],
    [
      'an unknown transport',
      { agentUrl: 'https://agent.example.com/x', protocol: 'MCP', transports: ['SSE'] },
    ],
    ['no transport', { agentUrl: 'https://agent.example.com/x', protocol: 'MCP', transports: [] }],
    [
      'six tags',
      {
        agentUrl: 'https://agent.example.com/x',
        protocol: 'MCP',
        transports: ['REST'],
        functions: [{ id: 'f', name: 'F', tags: ['a', 'b', 'c', 'd', 'e', 'f'] }],
      },
    ],
  ])('refuses %s with INVALID_ENDPOINT', (_what, endpoint) => {
    expect(codeOf(() => validateRegistration({ ...base, endpoints: [endpoint] }))).toEqual([
      400,
      'INVALID_ENDPOINT',
    ]);
  });

  it.each([
    ['a display name over 64 characters', { displayName: 'x'.repeat(65) }],
    ['a description over 150 characters', { description: 'x'.repeat(151) }],
    ['an unknown status', { status: 'REVOKED' }],
    ['a provider id with spaces', { providerId: 'a b' }],
  ])('refuses %s with INVALID_REGISTRATION', (_what, o) => {
    expect(codeOf(() => validateRegistration({ ...base, ...o }))).toEqual([400, 'INVALID_REGISTRATION']);
  });
});
