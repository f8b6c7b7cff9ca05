import { PlatformError, toCommerceError } from '@platform/errors';
import { parseAppPatch } from './app-patch';

/** The first detail of the 400 a body gets: [field, issue]. */
function refusal(body: unknown): [string | undefined, string] {
  try {
    parseAppPatch(body);
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).status).toBe(400);
    const detail = toCommerceError(error as PlatformError, 'r').details?.[0];
    return [detail?.field, String(detail?.issue)];
  }
  throw new Error('accepted');
}

describe('parseAppPatch', () => {
  it('takes name, instances and health checks per variant, health-check defaults filled in', () => {
    expect(
      parseAppPatch([
        { op: 'replace', path: '/name', value: 'shop' },
        { op: 'replace', path: '/variants/publish/instances', value: 3 },
        { op: 'add', path: '/variants/publish/healthCheck', value: { path: '/healthz?deep=1' } },
        {
          op: 'replace',
          path: '/variants/preview/healthCheck',
          value: { path: '/', intervalS: 60, timeoutS: 1, graceS: 0 },
        },
        { op: 'replace', path: '/variants/preview/instances', value: 1 },
      ]),
    ).toEqual({
      name: 'shop',
      variants: {
        PUBLISH: {
          instances: 3,
          healthCheck: { path: '/healthz?deep=1', intervalS: 2, timeoutS: 2, graceS: 10 },
        },
        PREVIEW: { instances: 1, healthCheck: { path: '/', intervalS: 60, timeoutS: 1, graceS: 0 } },
      },
    });
    expect(parseAppPatch([{ op: 'remove', path: '/variants/preview/healthCheck' }])).toEqual({
      variants: { PREVIEW: { healthCheck: null } },
    });
  });

  it.each([
    ['not an array', { op: 'replace' }, '', 'INVALID_PATCH'],
    ['empty', [], '', 'INVALID_PATCH'],
    ['21 operations', Array(21).fill({ op: 'replace', path: '/name', value: 'x' }), '', 'INVALID_PATCH'],
    ['an operation that is not an object', ['x'], '/0', 'INVALID_PATCH'],
    ['another path', [{ op: 'replace', path: '/rootPath', value: '/' }], '/0/path', 'UNSUPPORTED_OPERATION'],
    [
      'another variant',
      [{ op: 'replace', path: '/variants/staging/instances', value: 2 }],
      '/0/path',
      'UNSUPPORTED_OPERATION',
    ],
    [
      'add of instances',
      [{ op: 'add', path: '/variants/publish/instances', value: 2 }],
      '/0/path',
      'UNSUPPORTED_OPERATION',
    ],
    ['move', [{ op: 'move', path: '/name', from: '/x' }], '/0/path', 'UNSUPPORTED_OPERATION'],
    [
      '0 instances',
      [{ op: 'replace', path: '/variants/publish/instances', value: 0 }],
      '/0/value',
      'INVALID_INSTANCES',
    ],
    [
      '11 instances',
      [{ op: 'replace', path: '/variants/publish/instances', value: 11 }],
      '/0/value',
      'INVALID_INSTANCES',
    ],
    [
      '2.5 instances',
      [{ op: 'replace', path: '/variants/publish/instances', value: 2.5 }],
      '/0/value',
      'INVALID_INSTANCES',
    ],
    [
      '"3" instances',
      [{ op: 'replace', path: '/variants/publish/instances', value: '3' }],
      '/0/value',
      'INVALID_INSTANCES',
    ],
    ['a blank name', [{ op: 'replace', path: '/name', value: '  ' }], '/0/value', 'INVALID_NAME'],
    [
      'a health check that is not an object',
      [{ op: 'add', path: '/variants/publish/healthCheck', value: '/h' }],
      '/0/value',
      'INVALID_HEALTH_CHECK',
    ],
    [
      'a relative path',
      [{ op: 'add', path: '/variants/publish/healthCheck', value: { path: 'healthz' } }],
      '/0/value/path',
      'INVALID_HEALTH_CHECK',
    ],
    [
      'a path with a space',
      [{ op: 'add', path: '/variants/publish/healthCheck', value: { path: '/a b' } }],
      '/0/value/path',
      'INVALID_HEALTH_CHECK',
    ],
    [
      'a path of 2049 characters',
      [{ op: 'add', path: '/variants/publish/healthCheck', value: { path: `/${'a'.repeat(2048)}` } }],
      '/0/value/path',
      'INVALID_HEALTH_CHECK',
    ],
    [
      'intervalS 0',
      [{ op: 'add', path: '/variants/publish/healthCheck', value: { path: '/', intervalS: 0 } }],
      '/0/value/intervalS',
      'INVALID_HEALTH_CHECK',
    ],
    [
      'timeoutS 61',
      [{ op: 'add', path: '/variants/publish/healthCheck', value: { path: '/', timeoutS: 61 } }],
      '/0/value/timeoutS',
      'INVALID_HEALTH_CHECK',
    ],
    [
      'graceS 301',
      [{ op: 'add', path: '/variants/publish/healthCheck', value: { path: '/', graceS: 301 } }],
      '/0/value/graceS',
      'INVALID_HEALTH_CHECK',
    ],
    [
      'an unknown member',
      [{ op: 'add', path: '/variants/publish/healthCheck', value: { path: '/', port: 1 } }],
      '/0/value/port',
      'INVALID_HEALTH_CHECK',
    ],
    [
      'a remove with a value',
      [{ op: 'remove', path: '/variants/publish/healthCheck', value: {} }],
      '/0',
      'INVALID_PATCH',
    ],
  ])('refuses %s with 400 naming the field', (_what, body, field, issue) => {
    const [gotField, gotIssue] = refusal(body);
    expect(gotIssue).toBe(issue);
    expect(gotField ?? '').toBe(field);
  });

  it('accepts a path of exactly 2048 characters', () => {
    const path = `/${'a'.repeat(2047)}`;
    expect(
      parseAppPatch([{ op: 'add', path: '/variants/publish/healthCheck', value: { path } }]).variants.PUBLISH
        ?.healthCheck?.path,
    ).toBe(path);
  });
});
