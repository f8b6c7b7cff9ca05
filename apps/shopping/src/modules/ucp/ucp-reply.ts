import type { FastifyReply } from 'fastify';
import type { UcpReply } from './ucp-protocol';

/** Sets the reply's status (200, or 201 for a create that made its resource) and hands back the body. */
export function sendUcp(reply: FastifyReply, ucp: UcpReply): unknown {
  void reply.status(ucp.status);
  return ucp.body;
}
