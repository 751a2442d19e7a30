// The inventory commands of `npm run admin`: gateway nodes, the IP pool and plan prices.
import { type AdminContext, BAD_USAGE, UsageError } from './command-args.ts';
import { importIpsCommand } from './import-ips-command.ts';
import { addNode, rotateNodeKey } from './node-commands.ts';
import { listInventory, setPrice } from './price-commands.ts';

export const inventoryUsage = `  npm run admin -- add-node <name> --host <public address>
      Registers a gateway node and prints its API key once (only a hash is stored).
  npm run admin -- rotate-node-key <name>
      Prints a new API key for the node; the old key stops working.
  npm run admin -- import-ips <node> --cidr <block> --port <port> --vmess-port <port>
        --country <JP> --country-zh <日本> --country-en <Japan>
        --city <tokyo> --city-zh <东京> --city-en <Tokyo> --line <isp_residential|datacenter>
  npm run admin -- import-ips <node> --csv <file>
      Adds IPs to the node's pool as available, creating regions as needed; addresses already in
      the node's pool or repeated are skipped, one on another node refuses the import. Any bad
      line imports nothing. Same rules as Import IPs (导入 IP) in the operator console
      (/admin/ips/import), audited as cli.
      A /30 or wider block leaves out its network and broadcast addresses. CSV columns:
      address,port,vmess_port,country,country_zh,country_en,city,city_zh,city_en,line_type
  npm run admin -- set-price --country <JP> --city <tokyo> --line <type> --days <30> --price <35.00>
        [--protocols socks5,http,vmess]
      Sets the price in yuan per IP for that duration, creating the plan if missing
      (protocols apply only to a new plan). The region must exist: import its IPs first.
  npm run admin -- list-inventory
      Addresses by region, line type and status, with each plan's prices.
`;

export const inventoryCommands: Record<
  string,
  (args: string[], context: AdminContext) => Promise<number>
> = {
  'add-node': addNode,
  'rotate-node-key': rotateNodeKey,
  'import-ips': importIpsCommand,
  'set-price': setPrice,
  'list-inventory': listInventory,
};

/** Runs an inventory command, turning bad usage into its message and exit code 2. */
export async function runInventoryCommand(
  command: (args: string[], context: AdminContext) => Promise<number>,
  args: string[],
  context: AdminContext,
  usage: string,
): Promise<number> {
  try {
    return await command(args, context);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    context.print(`${error.message}\n\n${usage}`);
    return BAD_USAGE;
  }
}
