import {
  applySecretPatch,
  parseSecretPointer,
  SECRET_PATCH_LIMITS,
  secretPointer,
  type CurrentSecrets,
  type SecretValue,
  type SystemSecret,
} from './secret-patch';
import { SecretPatchError, SecretPatchErrorCode as Code } from './secret-patch.errors';
import { isReservedSecretName, isValidSecretName } from './secret-names';

const SYSTEM: SystemSecret = { system: true };

function secrets(entries: Record<string, SecretValue | SystemSecret> = {}): CurrentSecrets {
  return new Map(Object.entries(entries));
}

function refusal(current: CurrentSecrets, ops: unknown): SecretPatchError {
  const snapshot = new Map(current);
  const opsCopy = ops === undefined ? undefined : structuredClone(ops);
  try {
    applySecretPatch(current, ops);
  } catch (error) {
    expect(current).toEqual(snapshot);
    expect(ops).toEqual(opsCopy);
    if (error instanceof SecretPatchError) return error;
    throw error;
  }
  throw new Error('expected a SecretPatchError, the patch was applied');
}

const many = (count: number, prefix = 'S') =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, `v${i}`]));

describe('applySecretPatch', () => {
  describe('the body (rules 1 and 2)', () => {
    it.each([
      ['an object', { op: 'add', path: '/A', value: 'x' }],
      ['null', null],
      ['a string', '[]'],
      ['undefined', undefined],
    ])('refuses %s instead of an array with INVALID_PATCH on the whole body', (_name, body) => {
      const error = refusal(secrets(), body);
      expect(error).toMatchObject({
        code: Code.INVALID_PATCH,
        status: 400,
        opIndex: null,
        path: null,
        field: '',
      });
    });

    it('refuses an empty array', () => {
      expect(refusal(secrets(), []).code).toBe(Code.INVALID_PATCH);
    });

    it('takes 50 operations and refuses 51 with TOO_MANY_OPERATIONS', () => {
      const ops = Array.from({ length: 50 }, (_, i) => ({ op: 'add', path: `/K${i}`, value: String(i) }));
      expect(applySecretPatch(secrets(), ops).added).toHaveLength(50);
      const error = refusal(secrets(), [...ops, { op: 'remove', path: '/K0' }]);
      expect(error).toMatchObject({ code: Code.TOO_MANY_OPERATIONS, opIndex: null, field: '' });
    });

    it.each([
      ['null', null],
      ['a string', 'add'],
      ['an array', [{ op: 'add' }]],
      ['a number', 1],
    ])('refuses an operation that is %s with INVALID_OPERATION', (_name, op) => {
      const error = refusal(secrets(), [{ op: 'add', path: '/A', value: 'a' }, op]);
      expect(error).toMatchObject({ code: Code.INVALID_OPERATION, opIndex: 1, field: '/1' });
    });

    it.each([
      ['missing', { path: '/A', value: 'a' }],
      ['not a string', { op: 1, path: '/A', value: 'a' }],
      ['null', { op: null, path: '/A', value: 'a' }],
    ])('refuses an op member that is %s with INVALID_OPERATION', (_name, op) => {
      expect(refusal(secrets(), [op])).toMatchObject({
        code: Code.INVALID_OPERATION,
        opIndex: 0,
        field: '/0/op',
      });
    });

    it.each(['test', 'move', 'copy', 'spam', 'ADD', 'Replace', '_get', ''])(
      'refuses op %j with UNSUPPORTED_OP (400)',
      (op) => {
        const error = refusal(secrets({ A: 'a' }), [{ op, path: '/A', from: '/A', value: 'a' }]);
        expect(error).toMatchObject({
          code: Code.UNSUPPORTED_OP,
          status: 400,
          opIndex: 0,
          path: '/A',
          field: '/0/op',
        });
      },
    );
  });

  describe('paths (rule 3)', () => {
    it.each([
      ['missing', undefined],
      ['null', null],
      ['a number', 1],
      ['empty (the whole document)', ''],
      ['without a leading slash', 'A'],
      ['two tokens deep', '/A/B'],
      ['with a trailing slash', '/A/'],
      ['an array index into a secret', '/A/0'],
      ['badly escaped (~2)', '/A~2B'],
      ['ending in ~', '/A~'],
    ])('refuses a path that is %s with INVALID_PATH', (_name, path) => {
      const op = path === undefined ? { op: 'add', value: 'v' } : { op: 'add', path, value: 'v' };
      const error = refusal(secrets({ A: 'a' }), [op]);
      expect(error).toMatchObject({ code: Code.INVALID_PATH, opIndex: 0, field: '/0/path' });
      expect(error.path).toBe(typeof path === 'string' ? path : null);
    });

    it('unescapes ~1 to / and ~0 to ~ (in that order, RFC 6901)', () => {
      expect(parseSecretPointer('/API~1KEY')).toBe('API/KEY');
      expect(parseSecretPointer('/a~0b')).toBe('a~b');
      expect(parseSecretPointer('/~01')).toBe('~1');
      expect(secretPointer('API/KEY')).toBe('/API~1KEY');
      const result = applySecretPatch(secrets(), [{ op: 'add', path: '/API~1KEY', value: 'k' }]);
      expect([...result.secrets]).toEqual([['API/KEY', 'k']]);
    });

    it('refuses a name that unescapes to something outside the syntax (~0 gives ~)', () => {
      expect(refusal(secrets(), [{ op: 'add', path: '/a~0b', value: 'v' }]).code).toBe(
        Code.INVALID_SECRET_NAME,
      );
    });
  });

  describe('names (rule 4)', () => {
    it.each([
      'A',
      'a',
      'Z9',
      'Aa0/_+=.@-',
      'api.key',
      'SMTP@HOST',
      'X'.repeat(256),
      'NODEJS_FLAG',
      'LDAP_URL',
      'PORTAL',
      'HOMEPAGE',
    ])('accepts %s', (name) => {
      expect(isValidSecretName(name)).toBe(true);
      const result = applySecretPatch(secrets(), [{ op: 'add', path: secretPointer(name), value: 'v' }]);
      expect(result.added).toEqual([name]);
    });

    it.each(['', '1A', '_A', '-A', '/A', 'A B', 'A:B', 'A$B', 'é', 'A\nB', 'X'.repeat(257), '__proto__'])(
      'refuses %j with INVALID_SECRET_NAME',
      (name) => {
        expect(isValidSecretName(name)).toBe(false);
        const error = refusal(secrets(), [{ op: 'add', path: secretPointer(name), value: 'v' }]);
        expect(error).toMatchObject({ code: Code.INVALID_SECRET_NAME, opIndex: 0, field: '/0/path' });
      },
    );

    it.each([
      'PORT',
      'PATH',
      'path',
      'HOME',
      'USER',
      'SHELL',
      'PWD',
      'IFS',
      'BASH_ENV',
      'NODE_OPTIONS',
      'NODE_ENV',
      'node_path',
      'npm_config_registry',
      'NPM_CONFIG_SCRIPT_SHELL',
      'LD_PRELOAD',
      'LD_LIBRARY_PATH',
      'DYLD_INSERT_LIBRARIES',
      'BASH_FUNC_x%%',
      'DATABASE_URL',
      'REDIS_URL',
      'SECRETS_ENCRYPTION_KEY',
      'REDIS_KEY_PREFIX',
      'PLATFORM_APP_ID',
    ])('reserves %s', (name) => {
      expect(isReservedSecretName(name)).toBe(true);
      if (!isValidSecretName(name)) return; // BASH_FUNC_x%% is refused by the syntax already
      for (const op of [
        { op: 'add', path: secretPointer(name), value: 'v' },
        { op: 'replace', path: secretPointer(name), value: 'v' },
        { op: 'remove', path: secretPointer(name) },
      ]) {
        expect(refusal(secrets(), [op])).toMatchObject({ code: Code.RESERVED_SECRET_NAME, field: '/0/path' });
      }
    });

    it('refuses to add over, replace or remove a system-managed secret', () => {
      const current = secrets({ APP_URL: SYSTEM, MINE: 'm' });
      for (const op of [
        { op: 'add', path: '/APP_URL', value: 'v' },
        { op: 'replace', path: '/APP_URL', value: 'v' },
        { op: 'remove', path: '/APP_URL' },
      ]) {
        const error = refusal(current, [{ op: 'remove', path: '/MINE' }, op]);
        expect(error).toMatchObject({
          code: Code.SYSTEM_SECRET,
          opIndex: 1,
          path: '/APP_URL',
          field: '/1/path',
        });
      }
    });

    it('says SYSTEM_SECRET, not RESERVED_SECRET_NAME, for a system secret under a reserved name', () => {
      const error = refusal(secrets({ PLATFORM_APP_ID: SYSTEM }), [
        { op: 'remove', path: '/PLATFORM_APP_ID' },
      ]);
      expect(error.code).toBe(Code.SYSTEM_SECRET);
    });

    it('leaves system-managed secrets out of the result', () => {
      const result = applySecretPatch(secrets({ APP_URL: SYSTEM, A: 'a' }), [
        { op: 'add', path: '/B', value: 'b' },
      ]);
      expect([...result.secrets]).toEqual([
        ['A', 'a'],
        ['B', 'b'],
      ]);
    });
  });

  describe('values (rule 5)', () => {
    it.each([
      ['missing', undefined, Code.INVALID_SECRET_VALUE],
      ['null', null, Code.INVALID_SECRET_VALUE],
      ['a number', 1, Code.INVALID_SECRET_VALUE],
      ['a boolean', true, Code.INVALID_SECRET_VALUE],
      ['an object', { v: 'x' }, Code.INVALID_SECRET_VALUE],
      ['an array', ['x'], Code.INVALID_SECRET_VALUE],
      ['holding NUL', 'a\u0000b', Code.INVALID_SECRET_VALUE],
      ['holding a lone surrogate', 'a\ud800b', Code.INVALID_SECRET_VALUE],
      ['8193 ASCII bytes', 'x'.repeat(8193), Code.SECRET_VALUE_TOO_LARGE],
      ['4097 two-byte characters (8194 bytes)', 'é'.repeat(4097), Code.SECRET_VALUE_TOO_LARGE],
    ])('refuses a value that is %s', (_name, value, code) => {
      for (const op of ['add', 'replace']) {
        const body = value === undefined ? { op, path: '/A' } : { op, path: '/A', value };
        expect(refusal(secrets({ A: 'a' }), [body])).toMatchObject({
          code,
          opIndex: 0,
          path: '/A',
          field: '/0/value',
        });
      }
    });

    it.each([
      ['empty', ''],
      ['8192 ASCII bytes', 'x'.repeat(8192)],
      ['4096 two-byte characters', 'é'.repeat(4096)],
      ['2048 four-byte characters (surrogate pairs)', '😀'.repeat(2048)],
      ['multi-line with = and quotes', 'a=b\n"c" \'d\''],
    ])('accepts a value that is %s', (_name, value) => {
      const result = applySecretPatch(secrets({ A: 'a' }), [{ op: 'replace', path: '/A', value }]);
      expect(result.secrets.get('A')).toBe(value);
      expect(SECRET_PATCH_LIMITS.maxValueBytes).toBe(8192);
    });

    it.each([
      ['a string', 'x'],
      ['null', null],
      ['an empty string', ''],
    ])('refuses a remove that carries a value (%s) with INVALID_OPERATION', (_name, value) => {
      const error = refusal(secrets({ A: 'a' }), [{ op: 'remove', path: '/A', value }]);
      expect(error).toMatchObject({ code: Code.INVALID_OPERATION, opIndex: 0, field: '/0/value' });
    });

    it('ignores members RFC 6902 does not define (A.11), including from on an add', () => {
      const result = applySecretPatch(secrets(), [
        { op: 'add', path: '/A', value: 'a', from: '/B', xyz: 123 },
      ]);
      expect(result.added).toEqual(['A']);
    });
  });

  describe('existence and order (rules 1 and 7)', () => {
    it('applies operations in order', () => {
      const result = applySecretPatch(secrets({ A: 'a' }), [
        { op: 'add', path: '/B', value: 'b1' },
        { op: 'replace', path: '/B', value: 'b2' },
        { op: 'remove', path: '/A' },
        { op: 'add', path: '/A', value: 'a2' },
      ]);
      expect(Object.fromEntries(result.secrets)).toEqual({ A: 'a2', B: 'b2' });
      expect(result).toMatchObject({ added: ['B'], replaced: ['A'], removed: [], changed: ['B', 'A'] });
    });

    it('treats add of an existing name as a replace (RFC 6902 §4.1)', () => {
      const result = applySecretPatch(secrets({ A: 'a' }), [{ op: 'add', path: '/A', value: 'z' }]);
      expect(result).toMatchObject({ added: [], replaced: ['A'], removed: [], changed: ['A'] });
      expect(result.secrets.get('A')).toBe('z');
    });

    it('keeps secrets the patch does not name, and reports only net changes', () => {
      const result = applySecretPatch(secrets({ KEEP: 'k', GONE: 'g', SAME: 's' }), [
        { op: 'remove', path: '/GONE' },
        { op: 'add', path: '/TEMP', value: 't' },
        { op: 'remove', path: '/TEMP' },
        { op: 'replace', path: '/SAME', value: 's' },
      ]);
      expect(Object.fromEntries(result.secrets)).toEqual({ KEEP: 'k', SAME: 's' });
      expect(result).toMatchObject({
        added: [],
        replaced: ['SAME'],
        removed: ['GONE'],
        changed: ['GONE', 'SAME'],
      });
    });

    it.each(['replace', 'remove'])(
      'refuses %s of a name that does not exist with SECRET_NOT_FOUND (400)',
      (op) => {
        const body = [
          { op: 'add', path: '/A', value: 'a' },
          { op: 'add', path: '/B', value: 'b' },
          { op, path: '/MISSING', ...(op === 'replace' ? { value: 'v' } : {}) },
        ];
        const error = refusal(secrets(), body);
        expect(error).toMatchObject({
          code: Code.SECRET_NOT_FOUND,
          status: 400,
          opIndex: 2,
          path: '/MISSING',
          field: '/2/path',
        });
      },
    );

    it('sees the names earlier operations removed or added', () => {
      const error = refusal(secrets({ A: 'a' }), [
        { op: 'remove', path: '/A' },
        { op: 'replace', path: '/A', value: 'x' },
      ]);
      expect(error).toMatchObject({ code: Code.SECRET_NOT_FOUND, opIndex: 1 });
      const ok = applySecretPatch(secrets(), [
        { op: 'add', path: '/A', value: 'a' },
        { op: 'remove', path: '/A' },
      ]);
      expect(ok).toMatchObject({ changed: [], added: [], removed: [] });
      expect(ok.secrets.size).toBe(0);
    });

    it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf'])(
      'does not find %s on the prototype: replace/remove of it is SECRET_NOT_FOUND, add works',
      (name) => {
        expect(refusal(secrets(), [{ op: 'replace', path: `/${name}`, value: 'v' }]).code).toBe(
          Code.SECRET_NOT_FOUND,
        );
        expect(refusal(secrets(), [{ op: 'remove', path: `/${name}` }]).code).toBe(Code.SECRET_NOT_FOUND);
        const added = applySecretPatch(secrets(), [{ op: 'add', path: `/${name}`, value: 'v' }]);
        expect(Object.fromEntries(added.secrets)).toEqual({ [name]: 'v' });
        const removed = applySecretPatch(added.secrets, [{ op: 'remove', path: `/${name}` }]);
        expect(removed.removed).toEqual([name]);
      },
    );

    it('is atomic: a failing last operation applies nothing and returns nothing', () => {
      const current = secrets({ A: 'a', B: 'b' });
      const error = refusal(current, [
        { op: 'replace', path: '/A', value: 'changed' },
        { op: 'remove', path: '/B' },
        { op: 'add', path: '/C', value: 'c' },
        { op: 'remove', path: '/NOPE' },
      ]);
      expect(error.opIndex).toBe(3);
      expect(Object.fromEntries(current)).toEqual({ A: 'a', B: 'b' });
    });

    it('reports a syntax error before a sequence error, whatever their order', () => {
      const error = refusal(secrets(), [
        { op: 'remove', path: '/MISSING' },
        { op: 'copy', from: '/A', path: '/B' },
      ]);
      expect(error).toMatchObject({ code: Code.UNSUPPORTED_OP, opIndex: 1 });
    });
  });

  describe('count (rule 6)', () => {
    it('allows reaching 50 secrets, system-managed ones included', () => {
      const result = applySecretPatch(secrets({ ...many(48), SYS: SYSTEM }), [
        { op: 'add', path: '/LAST', value: 'x' },
      ]);
      expect(result.secrets.size).toBe(49);
    });

    it('refuses a patch that would leave 51 with TOO_MANY_SECRETS on the whole body', () => {
      const error = refusal(secrets({ ...many(49), SYS: SYSTEM }), [
        { op: 'add', path: '/ONE_MORE', value: 'x' },
      ]);
      expect(error).toMatchObject({ code: Code.TOO_MANY_SECRETS, status: 400, opIndex: null, field: '' });
    });

    it('counts the result, not the steps: add then remove at the limit is fine', () => {
      const result = applySecretPatch(secrets(many(50)), [
        { op: 'add', path: '/NEW', value: 'n' },
        { op: 'remove', path: '/S0' },
      ]);
      expect(result.secrets.size).toBe(50);
      expect(result.changed).toEqual(['NEW', 'S0']);
    });

    it('lets an app already above the limit shrink or stay, never grow', () => {
      const over = secrets(many(55));
      expect(applySecretPatch(over, [{ op: 'remove', path: '/S1' }]).secrets.size).toBe(54);
      expect(applySecretPatch(over, [{ op: 'replace', path: '/S1', value: 'x' }]).secrets.size).toBe(55);
      expect(refusal(over, [{ op: 'add', path: '/X', value: 'x' }]).code).toBe(Code.TOO_MANY_SECRETS);
    });
  });

  it('does not modify its inputs on success either', () => {
    const current = secrets({ A: 'a', SYS: SYSTEM });
    const ops = [{ op: 'replace', path: '/A', value: 'b' }];
    const result = applySecretPatch(current, structuredClone(ops));
    expect(result.secrets.get('A')).toBe('b');
    expect(current.get('A')).toBe('a');
    expect(current.get('SYS')).toEqual(SYSTEM);
  });
});
