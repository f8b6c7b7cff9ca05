import { Errors } from '@platform/errors';
import type { FastifyInstance } from 'fastify';

/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 64;

/** How deep arrays and objects nest in a parsed JSON value (iterative: any depth is measured). */
export function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== 'object' || node === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * Parses JSON bodies (application/json and +json types such as json-patch+json) and answers
 * malformed JSON (and JSON nested deeper than MAX_JSON_DEPTH) with a PlatformError (400 INVALID_BODY) that the area's filter renders, instead
 * of Fastify's own error, which Nest would turn into an anonymous 400. An empty body is no body.
 */
export function installJsonBodyParser(fastify: FastifyInstance): void {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(
    /^application\/([\w.-]+\+)?json(\s*;.*)?$/i,
    { parseAs: 'string' },
    (_req, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (e) {
        done(
          Errors.badRequest('INVALID_BODY', `the request body is not valid JSON: ${(e as Error).message}`),
          undefined,
        );
        return;
      }
      // Thousands of nested arrays or objects are valid JSON, but class-transformer recurses into
      // them and overflows the stack (a 500); no request of the platform nests that deep.
      if (nestingDepth(parsed) > MAX_JSON_DEPTH) {
        done(
          Errors.badRequest('INVALID_BODY', `the request body nests deeper than ${MAX_JSON_DEPTH} levels`),
          undefined,
        );
        return;
      }
      done(null, parsed);
    },
  );
}
