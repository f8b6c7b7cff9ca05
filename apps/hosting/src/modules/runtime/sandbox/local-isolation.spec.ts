import { LocalProcessDriver } from '../local-process-driver';
import { RuntimeStartError } from '../runtime-driver';

describe('local driver without an isolation mechanism', () => {
  it('refuses every start with the reason: FAILED, nothing spawned', async () => {
    const lines: string[] = [];
    const driver = new LocalProcessDriver({
      isolation: { refuse: 'no isolation mechanism on this host (test)' },
    });
    expect(driver.isolation).toBe('NONE');
    const key = { appId: 'NODEJS-refused', variant: 'PREVIEW' as const };
    const started = driver.start({
      key,
      dir: __dirname,
      startCommand: { command: 'node', args: ['server.js'] },
      env: {},
      memoryMb: 64,
      onLog: (line) => lines.push(`${line.source} ${line.message}`),
    });
    await expect(started).rejects.toBeInstanceOf(RuntimeStartError);
    await expect(started).rejects.toThrow('not started: no isolation mechanism on this host (test)');
    const status = await driver.status(key);
    expect(status).toMatchObject({ state: 'FAILED', pid: null, endpoint: null });
    expect(status.lastError).toContain('no isolation mechanism');
    expect(lines.some((l) => l.startsWith('SYSTEM failed: not started'))).toBe(true);
  });
});
