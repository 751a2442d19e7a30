// The README once said the demo IPs were 127.0.0.2 … 127.0.0.41 when the seed made 206 of them
// (issue 31): what it states is read here and held to the seed's own numbers.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoAddress, demoIpsPerPlan } from './demo-catalog.ts';

const readme = path.resolve(import.meta.dirname, '../../../../README.md');

describe('the README on the demo IPs', () => {
  it('states the count and the range of addresses the demo seed makes', async () => {
    const text = (await readFile(readme, 'utf8')).replace(/\s+/g, ' ');
    const stated = /the (\d+) demo IPs (\d+\.\d+\.\d+\.\d+) … (\d+\.\d+\.\d+\.\d+)/.exec(text);
    expect(stated, 'README: "the <count> demo IPs <first> … <last>"').not.toBeNull();
    const count = Object.values(demoIpsPerPlan)
      .flatMap((perLine) => Object.values(perLine))
      .reduce((sum, ips) => sum + ips, 0);
    expect(stated?.slice(1)).toEqual([String(count), demoAddress(0), demoAddress(count - 1)]);
  });
});
