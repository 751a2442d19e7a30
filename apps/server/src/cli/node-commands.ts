// `npm run admin -- add-node` and `rotate-node-key`: gateway nodes and their API keys, through the
// same service as `/api/admin/nodes` (audited as `cli`).
import type { NodeKeyIssued } from '@stratus/contract';
import { AppError } from '../errors.ts';
import { CLI_ACTOR } from '../modules/audit/public.ts';
import { normaliseIpAddress } from '../modules/inventory/public.ts';
import {
  createGatewayNode,
  rotateGatewayNodeKeyById,
  findGatewayNode,
} from '../modules/nodes/public.ts';
import {
  type AdminContext,
  parseCommandArgs,
  REFUSED,
  requireNodeName,
  UsageError,
} from './command-args.ts';

const hostnamePattern =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** Without `PUBLIC_URL` the command line cannot know the API's address: the operator fills it in. */
const API_URL_PLACEHOLDER = 'https://<the API origin>';

function startLines(issued: NodeKeyIssued): string {
  return `Start the gateway on the node with:\n  ${issued.command}\n`;
}

export async function addNode(args: string[], context: AdminContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { host: { type: 'string' } }, 1);
  const name = requireNodeName(positionals[0]);
  const host = values.host?.trim() ?? '';
  const hostAddress = normaliseIpAddress(host) ?? (hostnamePattern.test(host) ? host : undefined);
  if (!hostAddress) {
    throw new UsageError('--host must be the node’s public IP address or host name.');
  }
  let issued: NodeKeyIssued;
  try {
    issued = await createGatewayNode({
      db: context.database.db,
      actor: CLI_ACTOR,
      apiUrl: context.config.publicUrl ?? API_URL_PLACEHOLDER,
      name,
      host: hostAddress,
    });
  } catch (error) {
    if (!(error instanceof AppError && error.kind === 'nodeNameTaken')) throw error;
    context.print(
      `A node named ${name} already exists. Use rotate-node-key ${name} for a new key.\n`,
    );
    return REFUSED;
  }
  context.print(
    `Added node ${name} (${hostAddress}).\n` +
      `API key (shown only this once): ${issued.apiKey}\n` +
      startLines(issued),
  );
  return 0;
}

export async function rotateNodeKey(args: string[], context: AdminContext): Promise<number> {
  const { positionals } = parseCommandArgs(args, {}, 1);
  const name = requireNodeName(positionals[0]);
  const node = await findGatewayNode({ db: context.database.db, name });
  if (!node) {
    context.print(`No node is named ${name}.\n`);
    return REFUSED;
  }
  const issued = await rotateGatewayNodeKeyById({
    db: context.database.db,
    actor: CLI_ACTOR,
    apiUrl: context.config.publicUrl ?? API_URL_PLACEHOLDER,
    nodeId: node.id,
  });
  context.print(
    `New API key for ${name} (shown only this once; the old key no longer works): ${issued.apiKey}\n` +
      startLines(issued),
  );
  return 0;
}
