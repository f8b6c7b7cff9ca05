// A short process, as an admin command is: a queue is closed while its connection is still being
// made, a queue of createQueue or, as QUEUE says, one BullMQ makes itself; then the process ends
// by itself and has printed "closed". The Redis here is a stand-in that takes the connection and never answers
// ioredis's ready check (INFO), so the close comes, every time, in the window a loaded machine hit.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import { createQueue } from '../../src/queue-connection';

async function main(): Promise<void> {
  let readyCheckSent: () => void = () => undefined;
  const readyCheck = new Promise<void>((resolve) => (readyCheckSent = resolve));
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      for (const command of chunk.toString().match(/\r\n[A-Za-z]+\r\n/g) ?? []) {
        if (command.trim().toUpperCase() === 'INFO') readyCheckSent();
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

void main();
