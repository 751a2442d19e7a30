import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The level of a finished request's line. A gateway calls the node routes every few seconds
 * (its poll and heartbeat, usage batches, check reports): at info those were nearly the whole
 * log, 1 226 lines in five minutes of one node. They log at debug while they succeed; what
 * changes about a node (online, offline, a new snapshot applied) gets an info line of its own
 * (modules/nodes). A refused node call stays at info: a wrong key is worth seeing.
 */
export function requestLogLevel(request: FastifyRequest, statusCode: number): 'info' | 'debug' {
  return request.routeOptions.config.access === 'node' && statusCode < 400 ? 'debug' : 'info';
}

/** One line per finished request (Fastify's own two are off, see app.ts). */
export function registerRequestLog(app: FastifyInstance): void {
  // A callback hook: an async one costs every request a promise and a microtask turn.
  app.addHook('onResponse', (request, reply, done) => {
    request.log[requestLogLevel(request, reply.statusCode)](
      {
        req: { method: request.method, url: request.url },
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
    done();
  });
}
