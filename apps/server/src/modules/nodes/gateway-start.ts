// How an operator starts the gateway on a node they just added (or whose key they rotated): the
// environment `npm run gateway` reads (apps/gateway/README.md) and the one-line shell command.

export interface GatewayStart {
  environment: { name: string; value: string }[];
  command: string;
}

/** A value the shell takes as it is; anything else is single-quoted (a `'` as `'\''`). */
function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * `GATEWAY_API_URL` (the API origin the node reaches), `GATEWAY_NODE_KEY` and `GATEWAY_NODE_ID`
 * (a snapshot of any other node is then refused, should a key be pasted into the wrong node).
 */
export function describeGatewayStart({
  apiUrl,
  apiKey,
  nodeId,
}: {
  apiUrl: string;
  apiKey: string;
  nodeId: string;
}): GatewayStart {
  const environment = [
    { name: 'GATEWAY_API_URL', value: apiUrl.replace(/\/+$/, '') },
    { name: 'GATEWAY_NODE_KEY', value: apiKey },
    { name: 'GATEWAY_NODE_ID', value: nodeId },
  ];
  const assignments = environment.map(({ name, value }) => `${name}=${shellWord(value)}`);
  return { environment, command: `${assignments.join(' ')} npm run gateway` };
}
