import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serviceNameOfEntry } from '@platform/config';

const APPS = resolve(__dirname, '../../../apps');

/** Every service and worker entry point of the platform (apps/<app>/src/main.ts, worker.ts). */
const entries = readdirSync(APPS)
  .filter((app) => app !== 'admin-cli')
  .flatMap((app) => ['main.ts', 'worker.ts'].map((file) => join(APPS, app, 'src', file)))
  .filter((file) => existsSync(file));

describe('every entry point starts OpenTelemetry first', () => {
  it('finds the entry points', () => {
    expect(entries.length).toBeGreaterThanOrEqual(15);
  });

  it.each(entries.map((file) => [file.slice(APPS.length + 1), file]))('%s', (_name, file) => {
    const firstImport = readFileSync(file, 'utf8')
      .split('\n')
      .find((line) => line.startsWith('import '));
    expect(firstImport).toBe("import '@platform/observability/start-telemetry';");
    // Its spans are named after the process, as its config names it.
    expect(serviceNameOfEntry(file)).toBeDefined();
  });
});
