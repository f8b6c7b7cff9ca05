import { Socket } from 'node:net';

let opened = 0;
const connect = Socket.prototype.connect;
Socket.prototype.connect = function countedConnect(this: Socket, ...args: unknown[]) {
  opened += 1;
  return (connect as (...a: unknown[]) => Socket).apply(this, args);
} as typeof Socket.prototype.connect;

/** Sockets this process tried to open since it started (imported first by a child process). */
export function connections(): number {
  return opened;
}
