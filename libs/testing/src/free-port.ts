import { join } from 'node:path';

/**
 * A free TCP port for a process a test starts (below the ephemeral range, given once per
 * process). One implementation for the scripts and the tests: scripts/free-port.js, plain
 * JavaScript so that `npm start` needs no build to use it.
 */
const impl = require(join(__dirname, '../../../scripts/free-port.js')) as { freePort(): Promise<number> };

export const freePort: () => Promise<number> = impl.freePort;
