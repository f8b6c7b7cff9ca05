import { join } from 'node:path';
import { runTypeScriptChild } from '@platform/testing';

const CHILD = join(__dirname, 'support/close-queue-child.ts');

/**
 * closeQueue in a process of its own, closing a queue whose connection is still being made (as in
 * an admin command that never enqueued, on a loaded machine): support/close-queue-child.ts.
 */
describe('closeQueue', () => {
  it('closes a queue whose connection is still being made, and the process ends with exit code 0', async () => {
    await expect(runTypeScriptChild(CHILD, { CLOSE: 'closeQueue' })).resolves.toBe('closed\n');
  }, 60_000);

  it("is needed: BullMQ's own close() lets the connection's late 'error' end the process with exit code 1", async () => {
    // When a BullMQ release stops emitting it, this fails: closeQueue's listener can then go.
    await expect(runTypeScriptChild(CHILD, { CLOSE: 'queue.close' })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/Error: Connection is closed\./),
    });
  }, 60_000);
});
