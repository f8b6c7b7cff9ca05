import { confinedNodeArgv, detectPermissionFlag, heapFlags, refusedNodeFlag } from './node-command';
import { RESERVED_ENV_NAMES, secretsToEnv } from './runtime-driver';

describe('node command line', () => {
  it('detects the permission flag this Node has', () => {
    expect(detectPermissionFlag(new Set(['--permission', '--experimental-permission']))).toBe('--permission');
    expect(detectPermissionFlag(new Set(['--experimental-permission']))).toBe('--experimental-permission');
    expect(detectPermissionFlag(new Set())).toBeNull();
    // Node 20 here: the experimental flag.
    expect(detectPermissionFlag()).toBe(
      process.allowedNodeEnvironmentFlags.has('--permission') ? '--permission' : '--experimental-permission',
    );
  });

  it('sizes the heap from the memory budget', () => {
    expect(heapFlags(128)).toEqual(['--max-old-space-size=96', '--max-semi-space-size=2']);
    expect(heapFlags(512)).toEqual(['--max-old-space-size=384', '--max-semi-space-size=8']);
    expect(heapFlags(4096)).toEqual(['--max-old-space-size=3072', '--max-semi-space-size=16']);
    expect(heapFlags(16)).toEqual(['--max-old-space-size=16', '--max-semi-space-size=1']);
  });

  it('puts the heap and permission flags before the start arguments, one flag per path', () => {
    expect(
      confinedNodeArgv(['--enable-source-maps', 'dist/main.js', '--port', '1'], {
        dir: '/srv/apps/a',
        memoryMb: 256,
        permissionFlag: '--experimental-permission',
        canDisableWarning: true,
        extraReadPaths: ['/srv/shared'],
      }),
    ).toEqual([
      '--max-old-space-size=192',
      '--max-semi-space-size=4',
      '--experimental-permission',
      '--allow-fs-read=/srv/apps/a',
      '--allow-fs-read=/srv/shared',
      '--allow-fs-write=/srv/apps/a',
      '--disable-warning=ExperimentalWarning',
      '--enable-source-maps',
      'dist/main.js',
      '--port',
      '1',
    ]);
    expect(confinedNodeArgv(['server.js'], { dir: '/a', memoryMb: 128, permissionFlag: null })).toEqual([
      '--max-old-space-size=96',
      '--max-semi-space-size=2',
      'server.js',
    ]);
  });

  it('refuses node flags that widen the sandbox, move the heap bound or open a debugger, before the script only', () => {
    expect(refusedNodeFlag(['server.js'])).toBeNull();
    expect(refusedNodeFlag(['--enable-source-maps', '-r', './tracing.js', 'server.js'])).toBeNull();
    expect(refusedNodeFlag(['server.js', '--allow-fs-read=/'])).toBeNull();
    expect(refusedNodeFlag(['--allow-fs-read=/', 'server.js'])).toBe('--allow-fs-read=/');
    expect(refusedNodeFlag(['--allow-child-process', 'server.js'])).toBe('--allow-child-process');
    expect(refusedNodeFlag(['--max-old-space-size=8000', 'server.js'])).toBe('--max-old-space-size=8000');
    expect(refusedNodeFlag(['--inspect=0.0.0.0:9229', 'server.js'])).toBe('--inspect=0.0.0.0:9229');
    expect(refusedNodeFlag(['--require', 'x.js', '--inspect-brk', 'server.js'])).toBe('--inspect-brk');
    expect(refusedNodeFlag(['--no-experimental-permission', 'server.js'])).toBe(
      '--no-experimental-permission',
    );
  });
});

describe('secretsToEnv', () => {
  it('drops reserved names and names an environment cannot carry', () => {
    expect(
      secretsToEnv({
        API_KEY: 'a',
        'db.url': 'b',
        PORT: '1',
        NODE_OPTIONS: '--allow-fs-read=/',
        'A=B': 'c',
        NUL: 'x\0y',
      }),
    ).toEqual({ env: { API_KEY: 'a', 'db.url': 'b' }, dropped: ['PORT', 'NODE_OPTIONS', 'A=B', 'NUL'] });
    expect([...RESERVED_ENV_NAMES].sort()).toEqual(['HOME', 'NODE_ENV', 'NODE_OPTIONS', 'PATH', 'PORT']);
  });
});
