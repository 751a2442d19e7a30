// Preferences at the outbox: an email whose category the recipient switched off is written
// suppressed (kept for the inbox, never sent); security and money mail goes out regardless.
import { messages, notificationPreferences, users } from '@stratus/db';
import { createTestDatabase, testEngines, type TestDatabase } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMail } from './outbox.ts';

describe.each(testEngines)('queueing mail on %s', (engine) => {
  let database: TestDatabase;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const [user] = await database.db
      .insert(users)
      .values({
        email: 'prefs@example.test',
        passwordHash: 'x',
        apiTokenHash: 'h',
        apiTokenCiphertext: 'c',
      })
      .returning();
    userId = user!.id;
    await database.db.insert(notificationPreferences).values([
      { userId, category: 'operations', channel: 'email', enabled: false },
      // Refused by the API; written here to show the outbox holds the rule on its own.
      { userId, category: 'security', channel: 'email', enabled: false },
    ]);
  });
  afterAll(() => database?.close());

  const queue = (template: 'mail.test' | 'security.changed', forUser: string | null) =>
    queueMail(database.db, {
      userId: forUser,
      to: 'prefs@example.test',
      locale: 'zh-CN',
      template,
      brand: 'Stratus',
      values: { change: '登录密码' },
    });

  it('suppresses a switched-off category, keeps mandatory ones and mail to no account', async () => {
    expect((await queue('mail.test', userId))?.state).toBe('suppressed');
    expect((await queue('security.changed', userId))?.state).toBe('queued');
    expect((await queue('mail.test', null))?.state).toBe('queued');
    expect(await database.db.$count(messages)).toBe(3);
  });
});
