// Root Jest configuration: every project's suites in one run, in parallel workers.
// `npx nx test <project>` runs one project's own jest.config.ts instead.
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const projectConfigs = ['apps', 'libs'].flatMap((dir) =>
  readdirSync(join(__dirname, dir))
    .map((name) => join(__dirname, dir, name, 'jest.config.ts'))
    .filter((file) => existsSync(file)),
);

export default {
  projects: projectConfigs,
  maxWorkers: process.env.JEST_MAX_WORKERS ?? 3,
  // A global option: project configs cannot set it for a multi-project run.
  testTimeout: 60000,
  // Whole-platform suites spread over the first half of the run (libs/testing/src/jest-sequencer.js).
  testSequencer: join(__dirname, 'libs/testing/src/jest-sequencer.js'),
  reporters: ['default', join(__dirname, 'libs/testing/src/summary-reporter.js')],
};
