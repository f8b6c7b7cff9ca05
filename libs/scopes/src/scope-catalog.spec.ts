import { SCOPES, hasAnyScope, isScope, parseScopeList } from './scope-catalog';

describe('scope catalog', () => {
  it('holds every scope once', () => {
    expect(new Set(SCOPES).size).toBe(SCOPES.length);
  });

  it('follows the spec pattern <area>.<resource>:<permission>', () => {
    for (const scope of SCOPES) expect(scope).toMatch(/^[a-z]+(\.[a-z-]+)+:[a-z]+$/);
  });

  it('recognises catalog scopes and rejects others', () => {
    expect(isScope('commerce.store:read')).toBe(true);
    expect(isScope('commerce.store:admin')).toBe(false);
  });

  it('grants when at least one required scope is held (any-of)', () => {
    expect(hasAnyScope(['hosting.log:read'], ['hosting.application:read', 'hosting.log:read'])).toBe(true);
    expect(hasAnyScope(['commerce.store:read'], ['hosting.log:read'])).toBe(false);
    expect(hasAnyScope([], [])).toBe(true);
  });

  it('parses a comma list, de-duplicating and reporting unknown scopes', () => {
    expect(parseScopeList('commerce.store:read, commerce.store:read,bogus:x')).toEqual({
      scopes: ['commerce.store:read'],
      unknown: ['bogus:x'],
    });
  });
});
