import { join } from 'node:path';
import { runTypeScriptChild } from '@platform/testing';

const CHILD = join(__dirname, 'support/quietly-closing-child.ts');

/**
 * A queue of createQueue (QuietlyClosingConnection) closed in a process of its own while its
 * connection is still being made (as in an admin command that never enqueued, on a loaded
 * machine): support/quietly-closing-child.ts.
 */
describe('closing a queue whose connection is still being made', () => {
  it('createQueue: closes, and the process ends with exit code 0', async () => {
    await expect(runTypeScriptChild(CHILD, { QUEUE: 'createQueue' })).resolves.toBe('closed\n');
  }, 60_000);

  it("BullMQ's own connection: its late 'error' ends the process with exit code 1", async () => {
    // When a BullMQ release stops emitting it, this fails: QuietlyClosingConnection can then go.
    await expect(runTypeScriptChild(CHILD, { QUEUE: 'bullmq' })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/Error: Connection is closed\./),
    });
  }, 60_000);
});
