// `npm run admin -- add-node` and `rotate-node-key`: gateway nodes and their API keys.
import { normaliseIpAddress } from '../modules/inventory/addresses.ts';
import { addGatewayNode, rotateGatewayNodeKey } from '../modules/nodes/gateway-nodes.ts';
import {
  type AdminContext,
  parseCommandArgs,
  REFUSED,
  requireNodeName,
  UsageError,
} from './command-args.ts';

const hostnamePattern =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

export async function addNode(args: string[], context: AdminContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { host: { type: 'string' } }, 1);
  const name = requireNodeName(positionals[0]);
  const host = values.host?.trim() ?? '';
  const hostAddress = normaliseIpAddress(host) ?? (hostnamePattern.test(host) ? host : undefined);
  if (!hostAddress) {
    throw new UsageError('--host must be the node’s public IP address or host name.');
  }
  const outcome = await addGatewayNode({ db: context.database.db, name, host: hostAddress });
  if (!outcome.ok) {
    context.print(
      `A node named ${name} already exists. Use rotate-node-key ${name} for a new key.\n`,
    );
    return REFUSED;
  }
  context.print(
    `Added node ${name} (${hostAddress}).\n` +
      `API key (shown only this once): ${outcome.apiKey}\n` +
      'Configure the gateway on that node with it.\n',
  );
  return 0;
}

export async function rotateNodeKey(args: string[], context: AdminContext): Promise<number> {
  const { positionals } = parseCommandArgs(args, {}, 1);
  const name = requireNodeName(positionals[0]);
  const apiKey = await rotateGatewayNodeKey({ db: context.database.db, name });
  if (!apiKey) {
    context.print(`No node is named ${name}.\n`);
    return REFUSED;
  }
  context.print(
    `New API key for ${name} (shown only this once; the old key no longer works): ${apiKey}\n`,
  );
  return 0;
}
