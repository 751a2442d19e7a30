// A stand-in for the API's two node routes, in the benchmark's own process: it hands the gateway
// a fixed snapshot and adds up the usage batches the gateway delivers (each batchId once, as the
// real API does), so metered bytes can be compared with the bytes the clients really moved.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import type { NodeSnapshot } from '@stratus/contract';

export interface FakeControlPlane {
  url: string;
  nodeKey: string;
  /** Bytes delivered per `kind:subject`. */
  usage: Map<string, { up: number; down: number }>;
  batches: Set<string>;
  credentialFetches: number;
  close(): Promise<void>;
}

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

function reply(response: http.ServerResponse, status: number, data: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ code: status === 200 ? 0 : 60101, message: 'ok', data }));
}

export async function startFakeControlPlane(snapshot: NodeSnapshot): Promise<FakeControlPlane> {
  const nodeKey = `gnk_${'b'.repeat(43)}`;
  const usage = new Map<string, { up: number; down: number }>();
  const batches = new Set<string>();
  const plane = { usage, batches, credentialFetches: 0 } as FakeControlPlane;
  const server = http.createServer((request, response) => {
    if (request.headers.authorization !== `Bearer ${nodeKey}`) return reply(response, 401, null);
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'GET' && url.pathname === '/api/node/credentials') {
      plane.credentialFetches += 1;
      const unchanged = url.searchParams.get('since') === snapshot.version;
      return reply(response, 200, {
        version: snapshot.version,
        unchanged,
        snapshot: unchanged ? null : snapshot,
      });
    }
    if (request.method === 'POST' && url.pathname === '/api/node/usage') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const batch = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          batchId: string;
          records: { kind: string; subject: string; bytesUp: number; bytesDown: number }[];
        };
        const duplicate = batches.has(batch.batchId);
        if (!duplicate) {
          batches.add(batch.batchId);
          for (const record of batch.records) {
            const key = `${record.kind}:${record.subject}`;
            const total = usage.get(key) ?? { up: 0, down: 0 };
            total.up += record.bytesUp;
            total.down += record.bytesDown;
            usage.set(key, total);
          }
        }
        reply(response, 200, {
          batchId: batch.batchId,
          duplicate,
          applied: duplicate ? 0 : batch.records.length,
          ignored: 0,
        });
      });
      return;
    }
    reply(response, 404, null);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  plane.url = `http://127.0.0.1:${port}`;
  plane.nodeKey = nodeKey;
  plane.close = () => new Promise((resolve) => server.close(() => resolve()));
  return plane;
}
