// `npm run admin -- <command>`: operator tasks run on the server machine, with the same
// configuration (DATABASE_URL, DATA_DIR, SECRET_KEY) as the server.
import {
  emailSchema,
  formatErrorMessage,
  passwordSchema,
  staffRoleSchema,
  staffRoles,
  type PasswordChoiceProblem,
} from '@stratus/contract';
import { createDatabase, DataDirectoryInUseError, migrateDatabase } from '@stratus/db';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { CLI_ACTOR } from '../modules/audit/public.ts';
import { addStaffMember, resetTwoStepByEmail } from '../modules/staff/public.ts';
import { resolveSecretKey } from '../secret-key.ts';
import { createTokenCipher } from '../tokens.ts';
import type { AdminContext } from './command-args.ts';
import { inventoryCommands, inventoryUsage, runInventoryCommand } from './inventory-commands.ts';
import { trafficCommands, trafficUsage } from './traffic-commands.ts';

/** Joins commands run on one database start (opening PGlite takes seconds per process). */
export const THEN = '--then';

export const usage = `Usage:
  npm run admin -- create-operator <email> [--role owner|finance|support|ops] [--password <password>]
      Gives the account with this email a staff role (default owner), or creates a staff account.
      The first staff member is always owner. Staff already keep their role (an owner changes
      it on the Staff (员工管理) page of the operator console, /admin/staff).
      Without --password a random password is generated and printed once.
  npm run admin -- reset-2fa <email>
      Switches two-step verification off for the account with this email (its secret and
      recovery codes are deleted) and signs it out everywhere; the person is mailed. For an owner
      who lost their authenticator: sign in with the password, then switch it on again.
${inventoryUsage}${trafficUsage}
Commands joined by ${THEN} run in turn on one database start, e.g.
  npm run admin -- add-node tokyo-1 --host 203.0.113.7 ${THEN} import-ips tokyo-1 --csv ips.csv
The first command that does not succeed stops the rest and gives the exit code.
Exit codes: 0 done, 1 refused (that command changed nothing), 2 bad usage.
`;

const databaseCommands = { ...inventoryCommands, ...trafficCommands };

function isCommand(name: string | undefined): boolean {
  return (
    name === 'create-operator' ||
    name === 'reset-2fa' ||
    (name !== undefined && Object.hasOwn(databaseCommands, name))
  );
}

/** `a … --then b …` as `[[a, …], [b, …]]`. */
function splitCommands(args: string[]): string[][] {
  const commands: string[][] = [[]];
  for (const arg of args) {
    if (arg === THEN) commands.push([]);
    else commands.at(-1)!.push(arg);
  }
  return commands;
}

/**
 * The exit code when the arguments name nothing to run and only the usage text answers: 0 for
 * help (or no arguments), 2 when any of the joined commands is unknown, so that a typo in the
 * last one runs none of them. Null when every command is known.
 */
function usageExitCode(args: string[]): number | null {
  if (args[0] === undefined || args[0] === 'help' || args[0] === '--help') return 0;
  return splitCommands(args).every(([name]) => isCommand(name)) ? null : 2;
}

/**
 * Runs the commands joined by --then in turn on one database; resolves with the exit code of the
 * first that does not succeed (the rest do not run), else 0.
 */
export async function runAdminCommands(args: string[], context: AdminContext): Promise<number> {
  const usageCode = usageExitCode(args);
  if (usageCode !== null) {
    context.print(usage);
    return usageCode;
  }
  for (const command of splitCommands(args)) {
    const code = await runAdminCommand(command, context);
    if (code !== 0) return code;
  }
  return 0;
}

/** Runs one admin command; resolves with the process exit code. */
export async function runAdminCommand(args: string[], context: AdminContext): Promise<number> {
  const [command, ...rest] = args;
  const inventoryCommand =
    command !== undefined && Object.hasOwn(databaseCommands, command)
      ? databaseCommands[command]
      : undefined;
  if (inventoryCommand) return runInventoryCommand(inventoryCommand, rest, context, usage);
  if (command === 'reset-2fa') return resetTwoStep(rest, context);
  if (command !== 'create-operator') {
    context.print(usage);
    return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
  const passwordFlag = rest.indexOf('--password');
  const password = passwordFlag >= 0 ? rest[passwordFlag + 1] : undefined;
  const roleFlag = rest.indexOf('--role');
  const roleArg = roleFlag >= 0 ? rest[roleFlag + 1] : 'owner';
  const flagged = new Set(
    [passwordFlag, roleFlag].filter((index) => index >= 0).flatMap((index) => [index, index + 1]),
  );
  const positional = rest.filter((_arg, index) => !flagged.has(index));
  const role = staffRoleSchema.safeParse(roleArg);
  if (!role.success) {
    context.print(`--role is one of ${staffRoles.join(', ')}.\n\n${usage}`);
    return 2;
  }
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
  let outcome;
  try {
    // The same service as `POST /api/admin/staff`: one way to make someone staff.
    outcome = await addStaffMember({
      db: context.database.db,
      cipher,
      email: email.data,
      password,
      role: role.data,
      actor: CLI_ACTOR,
    });
  } catch (error) {
    if (error instanceof AppError && passwordChoiceProblems.has(error.kind)) {
      context.print(`${formatErrorMessage(error.kind, 'en-US')}.\n`);
      return 2;
    }
    // Already staff: nothing to do (their role is changed on the staff page), as before.
    if (!(error instanceof AppError && error.kind === 'staffAlreadyStaff')) throw error;
    context.print(`${email.data} is already staff (${error.params.role}).\n`);
    return 0;
  }
  const { member, accountCreated, generatedPassword } = outcome;
  if (!accountCreated) {
    context.print(`${email.data} is now staff (${member.role}).\n`);
    return 0;
  }
  context.print(`Created staff account ${email.data} (${member.role}).\n`);
  if (generatedPassword) {
    context.print(
      `Password (shown only this once): ${generatedPassword}\n` +
        'Sign in and change it under Change password (修改密码) in the account menu.\n',
    );
  }
  return 0;
}

/** `reset-2fa <email>`: 0 when reset, 1 when no account has the email, 2 on bad usage. */
async function resetTwoStep(args: string[], context: AdminContext): Promise<number> {
  const email = emailSchema.safeParse(args[0] ?? '');
  if (args.length !== 1 || !email.success) {
    context.print(`A valid email is required.\n\n${usage}`);
    return 2;
  }
  const found = await resetTwoStepByEmail({
    db: context.database.db,
    actor: CLI_ACTOR,
    email: email.data,
  });
  if (!found) {
    context.print(`No account has the email ${email.data}.\n`);
    return 1;
  }
  context.print(
    `Two-step verification of ${email.data} is reset and its sessions are signed out.\n` +
      'Sign in with the password and switch it on again in the profile.\n',
  );
  return 0;
}

const passwordChoiceProblems = new Set<string>([
  'passwordTooCommon',
  'passwordContainsEmail',
] satisfies PasswordChoiceProblem[]);

async function main(args: string[]): Promise<number> {
  // Help and typos need no configuration and no database: opening PGlite alone takes seconds,
  // and would create ./data where someone only asked how the command works.
  const usageCode = usageExitCode(args);
  if (usageCode !== null) {
    process.stdout.write(usage);
    return usageCode;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    return 1;
  }
  let database;
  try {
    database = await createDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    // The running server holds the embedded database: refused before anything was written.
    if (!(error instanceof DataDirectoryInUseError)) throw error;
    console.error(error.message);
    return 1;
  }
  try {
    await migrateDatabase(database);
    return await runAdminCommands(args, {
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

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
