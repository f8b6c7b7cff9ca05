import { Errors } from '@platform/errors';
import type { FastifyInstance } from 'fastify';

/**
 * Parses JSON bodies (application/json and +json types such as json-patch+json) and answers
 * malformed JSON with a PlatformError (400 INVALID_BODY) that the area's filter renders, instead
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
      try {
        done(null, JSON.parse(text));
      } catch (e) {
        done(
          Errors.badRequest('INVALID_BODY', `the request body is not valid JSON: ${(e as Error).message}`),
          undefined,
        );
      }
    },
  );
}
