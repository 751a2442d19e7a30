// The floors `npm run bench:api` sets the API against, each run as its own process like the API:
// FLOOR=hello is a bare Fastify route answering a constant; FLOOR=query is a bare Fastify route
// making one PostgreSQL query (a wallet's balance by primary key, on the benchmark's database,
// through a pool as large as the API's). No authentication, validation, envelope or logging.
import Fastify from 'fastify';
import pg from 'pg';

const floor = process.env.FLOOR;
const app = Fastify({ logger: false });

if (floor === 'hello') {
  app.get('/floor', async () => ({ hello: 'world' }));
} else if (floor === 'query') {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const userId = process.env.FLOOR_USER_ID;
  app.get('/floor', async () => {
    const { rows } = await pool.query<{ balance_fen: string }>(
      'select balance_fen from wallets where user_id = $1',
      [userId],
    );
    return { balance: rows[0]?.balance_fen ?? null };
  });
  app.addHook('onClose', () => pool.end());
} else {
  throw new Error(`FLOOR must be hello or query, not ${floor}`);
}

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
// The benchmark ends this process by closing the channel (or killing it outright).
process.once('disconnect', () => void app.close().then(() => process.exit(0)));
