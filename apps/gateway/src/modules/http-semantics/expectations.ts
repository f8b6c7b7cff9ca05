import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * `Expect` at the gateway (RFC 9110 §10.1.1), the intermediary's part: the expectation is the
 * gateway's to meet and is never forwarded (hop-by-hop.ts drops it; undici refuses it anyway).
 *
 * Node's server answers `100 Continue` the moment it has parsed the head, before any route has
 * looked at the request, unless a `checkContinue` listener takes the decision. The gateway takes
 * it: the request goes through routing and the early checks first, and the interim 100 is written
 * only when the body is about to be read (`continueIfExpected`, from the root preParsing hook:
 * before the REST proxy streams it upstream or /graphql parses it). An answer decided from the
 * head alone (404 no route, 413 a declared length over the route's limit, 401 no bearer
 * credentials on a service's route, 417) goes out without a 100 and without reading the body:
 * the client never sends it, and Node closes the connection after that answer since the body was
 * announced (lingering close reads and drops whatever a client sends anyway).
 *
 * Any other expectation (`checkExpectation`) is handed to the routes too, where the root onRequest
 * hook answers 417 in the route's error shape (Node's own 417 has no body).
 */
const awaitingContinue = new WeakMap<IncomingMessage, ServerResponse>();

/** Installs the gateway's handling on its HTTP server (before it listens). */
export function installExpectationHandling(server: Server): void {
  if (server.listenerCount('checkContinue') > 0) return;
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    awaitingContinue.set(request, response);
    server.emit('request', request, response);
  });
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    server.emit('request', request, response);
  });
}

/** What a request expects of the gateway. HTTP/1.0 expectations are ignored (RFC 9110 §10.1.1). */
export type Expectation = 'none' | 'continue' | 'unsupported';

export function expectationOf(request: IncomingMessage): Expectation {
  const raw = request.headers.expect;
  if (raw === undefined || request.httpVersion === '1.0') return 'none';
  return raw.trim().toLowerCase() === '100-continue' ? 'continue' : 'unsupported';
}

/** Whether the client still waits for `100 Continue` before it sends the body. */
export function awaitsContinue(request: IncomingMessage): boolean {
  const response = awaitingContinue.get(request);
  return response !== undefined && !response.headersSent;
}

/**
 * Writes the interim `100 Continue` when the client waits for it: called when the gateway is
 * about to read the body. At most once; never after the final answer started.
 */
export function continueIfExpected(request: IncomingMessage): void {
  const response = awaitingContinue.get(request);
  if (!response) return;
  awaitingContinue.delete(request);
  if (!response.headersSent && !response.writableEnded) response.writeContinue();
}
