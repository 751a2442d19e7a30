import type { FastifyInstance } from 'fastify';

/**
 * The API takes JSON only. An empty body sent as `application/json` (clients that always set the
 * header) counts as no body rather than a parse error; prototype-poisoning keys are refused.
 * Everything else (text/plain included) is 415 until an endpoint needs it, such as a payment
 * provider's form-encoded callback registered in its own scope.
 */
export function registerBodyParsing(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
