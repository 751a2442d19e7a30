import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { describeGatewayStart } from './gateway-start.ts';

const nodeId = '5d0f3c1e-8a53-4bb5-9a3e-2f7d1b9c6a10';

describe('describeGatewayStart', () => {
  it('names the three variables and writes plain values as they are', () => {
    const start = describeGatewayStart({
      apiUrl: 'https://console.example.com/',
      apiKey: 'gnk_abc-DEF_123',
      nodeId,
    });
    expect(start).toEqual({
      environment: [
        { name: 'GATEWAY_API_URL', value: 'https://console.example.com' },
        { name: 'GATEWAY_NODE_KEY', value: 'gnk_abc-DEF_123' },
        { name: 'GATEWAY_NODE_ID', value: nodeId },
      ],
      command:
        'GATEWAY_API_URL=https://console.example.com GATEWAY_NODE_KEY=gnk_abc-DEF_123 ' +
        `GATEWAY_NODE_ID=${nodeId} npm run gateway`,
    });
  });

  it('quotes a value the shell would split or expand, so the shell hands it over intact', () => {
    const apiUrl = "https://<the API origin>/it's $HOME";
    const { command } = describeGatewayStart({ apiUrl, apiKey: 'gnk_x', nodeId });
    const assignments = command.replace(/ npm run gateway$/, '');
    const printed = execFileSync(
      'sh',
      ['-c', `${assignments} sh -c 'printf %s "$GATEWAY_API_URL"'`],
      {
        encoding: 'utf8',
      },
    );
    expect(printed).toBe(apiUrl);
  });
});
