import { join } from 'node:path';
import { runTypeScriptChild } from '@platform/testing';

const CHILD = join(__dirname, 'support/quietly-closing-child.ts');

/**
 * A queue of createQueue (QuietlyClosingConnection) closed in a process of its own while its
 * connection is still being made (as in an admin command that never enqueued, on a loaded
 * machine): support/quietly-closing-child.ts, whose Redis stand-in answers every command once but
 * never ioredis's ready check (INFO), so the close comes inside that check every time.
 *
 * There is no second case for BullMQ's own connection any more: the stand-in that seemed to show
 * it crashing answered one command several times (once per argument), so what crashed was
 * ioredis's reply bookkeeping ("Command queue state error" or "Connection is closed.", as the
 * timing fell). With one reply per command, BullMQ's own connection also closes cleanly in this
 * window (docs/decisions.md §12).
 */
describe('closing a queue whose connection is still being made', () => {
  it('createQueue: closes inside the ready check, and the process ends with exit code 0', async () => {
    await expect(runTypeScriptChild(CHILD, { QUEUE: 'createQueue' })).resolves.toBe('closed\n');
  }, 60_000);
});
