import type { Database, Db } from '@stratus/db';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database this app runs on; its lifecycle belongs to whoever built the app. */
    database: Database;
    /** Shorthand for `database.db`, what repositories take. */
    db: Db;
  }
}

export function registerDatabase(app: FastifyInstance, database: Database): void {
  app.decorate('database', database);
  app.decorate('db', database.db);
}
