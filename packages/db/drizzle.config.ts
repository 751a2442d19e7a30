import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -- --name <what>` writes the next numbered SQL migration from the schema.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema.ts',
  out: './migrations',
});
