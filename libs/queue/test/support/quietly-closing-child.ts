// A short process, as an admin command is: a queue is closed while its connection is still being
// made, a queue of createQueue or, as QUEUE says, one BullMQ makes itself; then the process ends
// by itself and has printed "closed". The Redis here is a stand-in that answers each command once
// but never ioredis's ready check (INFO), so the close comes, every time, inside that check.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import { createQueue } from '../../src/queue-connection';

async function main(): Promise<void> {
  let readyCheckSent: () => void = () => undefined;
  const readyCheck = new Promise<void>((resolve) => (readyCheckSent = resolve));
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    let pending: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      // One reply per whole command (never one per argument: a second reply to one command is
      // ioredis's "Command queue state error", not the error this child is about).
      for (let next = takeCommand(pending); next; next = takeCommand(pending)) {
        pending = next.rest;
        if (next.name === 'INFO') readyCheckSent();
        else socket.write('+OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const config = {
    redisUrl: `redis://127.0.0.1:${port}`,
    redisKeyPrefix: 'close-queue',
    serviceName: 'close-queue',
  };
  const queue =
    process.env.QUEUE === 'bullmq'
      ? new Queue('half-connected', { connection: { host: '127.0.0.1', port } })
      : createQueue(config, 'half-connected');
  queue.on('error', () => undefined);
  await readyCheck;
  await queue.close();
  server.close();
  process.stdout.write('closed\n');
}

/**
 * The first whole RESP command of `buffer` (an array of bulk strings, as ioredis sends every
 * command): its name, upper-cased, and what follows it; undefined until the command has arrived.
 */
function takeCommand(buffer: Buffer): { name: string; rest: Buffer } | undefined {
  const lineEnd = (from: number): number => buffer.indexOf('\r\n', from);
  let at = lineEnd(0);
  if (at === -1 || buffer[0] !== 0x2a /* '*' */) return undefined;
  const count = Number(buffer.subarray(1, at).toString());
  let offset = at + 2;
  const args: string[] = [];
  for (let i = 0; i < count; i += 1) {
    at = lineEnd(offset);
    if (at === -1) return undefined;
    const length = Number(buffer.subarray(offset + 1, at).toString());
    const start = at + 2;
    if (buffer.length < start + length + 2) return undefined;
    args.push(buffer.subarray(start, start + length).toString());
    offset = start + length + 2;
  }
  return { name: (args[0] ?? '').toUpperCase(), rest: buffer.subarray(offset) };
}

void main();
