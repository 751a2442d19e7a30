import {
  getNotificationPreferences,
  getUnsubscribeTarget,
  listInboxMessages,
  markInboxMessagesRead,
  unsubscribe,
  updateNotificationPreferences,
} from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as inbox from './inbox.ts';
import * as preferences from './preferences.ts';
import * as unsubscribing from './unsubscribe.ts';

export async function registerMessageRoutes(app: FastifyInstance): Promise<void> {
  const { db, unsubscribeTokens: tokens } = app;
  registerEndpoint(app, listInboxMessages, (request) =>
    inbox.listInboxMessages({ db, userId: requireAuth(request).userId, ...request.query }),
  );
  registerEndpoint(app, markInboxMessagesRead, (request) =>
    inbox.markInboxMessagesRead({
      db,
      userId: requireAuth(request).userId,
      ids: 'all' in request.body ? 'all' : request.body.ids,
    }),
  );
  registerEndpoint(app, getNotificationPreferences, (request) =>
    preferences.getNotificationPreferences({ db, ...requireAuth(request) }),
  );
  registerEndpoint(app, updateNotificationPreferences, (request) =>
    preferences.updateNotificationPreferences({
      db,
      ...requireAuth(request),
      items: request.body.items,
    }),
  );
  registerEndpoint(app, getUnsubscribeTarget, (request) =>
    unsubscribing.getUnsubscribeTarget({ db, tokens, token: request.params.token }),
  );
  // Mail programs post `List-Unsubscribe=One-Click` form-encoded (RFC 8058): that parser lives in
  // this scope only, beside JSON for the console's own page.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body.toString())));
      },
    );
    registerEndpoint(scope, unsubscribe, (request) =>
      unsubscribing.unsubscribe({ db, tokens, token: request.params.token }),
    );
  });
}
