// `npm run admin -- <command>`: operator tasks run on the server machine, with the same
// configuration (DATABASE_URL, DATA_DIR, SECRET_KEY) as the server.
import { emailSchema, passwordSchema } from '@stratus/contract';
import { createDatabase, migrateDatabase, type Database } from '@stratus/db';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { createOrPromoteOperator } from '../modules/admin/operators.ts';
import { createTokenCipher } from '../modules/auth/tokens.ts';
import { resolveSecretKey } from '../secret-key.ts';
import { inventoryCommands, inventoryUsage, runInventoryCommand } from './inventory-commands.ts';
import { trafficCommands, trafficUsage } from './traffic-commands.ts';

export const usage = `Usage:
  npm run admin -- create-operator <email> [--password <password>]
      Promotes the account with this email to operator, or creates an operator account.
      Without --password a random password is generated and printed once.
${inventoryUsage}${trafficUsage}
Exit codes: 0 done, 1 refused (nothing changed), 2 bad usage.
`;

export interface AdminContext {
  database: Database;
  config: Config;
  /** Where messages for the person at the terminal go. */
  print: (line: string) => void;
  /** Relative file arguments (`--csv`) are read from here; default the process's directory. */
  workingDirectory?: string;
}

/** Runs one admin command; resolves with the process exit code. */
export async function runAdminCommand(args: string[], context: AdminContext): Promise<number> {
  const [command, ...rest] = args;
  const commands = { ...inventoryCommands, ...trafficCommands };
  const inventoryCommand =
    command !== undefined && Object.hasOwn(commands, command) ? commands[command] : undefined;
  if (inventoryCommand) return runInventoryCommand(inventoryCommand, rest, context, usage);
  if (command !== 'create-operator') {
    context.print(usage);
    return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
  const passwordFlag = rest.indexOf('--password');
  const password = passwordFlag >= 0 ? rest[passwordFlag + 1] : undefined;
  const positional =
    passwordFlag < 0
      ? rest
      : rest.filter((_arg, index) => index !== passwordFlag && index !== passwordFlag + 1);
  const email = emailSchema.safeParse(positional[0] ?? '');
  if (positional.length !== 1 || !email.success) {
    context.print(`A valid email is required.\n\n${usage}`);
    return 2;
  }
  if (passwordFlag >= 0 && !passwordSchema.safeParse(password ?? '').success) {
    context.print('The password needs at least 8 characters and must not be only digits.\n');
    return 2;
  }
  const cipher = createTokenCipher(await resolveSecretKey(context.config));
  const outcome = await createOrPromoteOperator({
    db: context.database.db,
    cipher,
    email: email.data,
    password,
  });
  if (outcome.action === 'unchanged') context.print(`${email.data} is already an operator.\n`);
  if (outcome.action === 'promoted') context.print(`${email.data} is now an operator.\n`);
  if (outcome.action === 'created') {
    context.print(`Created operator ${email.data}.\n`);
    if (outcome.generatedPassword) {
      context.print(
        `Password (shown only this once): ${outcome.generatedPassword}\n` +
          'Sign in and change it under 修改密码.\n',
      );
    }
  }
  return 0;
}

if (import.meta.main) {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  const database = await createDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    process.exitCode = await runAdminCommand(process.argv.slice(2), {
      database,
      config,
      print: (line) => process.stdout.write(line),
      // `npm run` changes into the package directory; INIT_CWD is where the operator typed it.
      workingDirectory: process.env.INIT_CWD ?? process.cwd(),
    });
  } finally {
    await database.close();
  }
}
