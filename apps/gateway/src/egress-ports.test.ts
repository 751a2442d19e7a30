import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from './logger.ts';
import { createProxyServer } from './proxy-server.ts';
import {
  DEFAULT_EGRESS_PORT_RANGE,
  EgressPorts,
  kernelPortRange,
  parsePortRange,
  rangesOverlap,
} from './egress-ports.ts';

describe('egress ports', () => {
  it('parses a range written with a dash or as the kernel writes it', () => {
    expect(parsePortRange('32768-60999')).toEqual({ first: 32768, last: 60999 });
    expect(parsePortRange('10240\t65535\n')).toEqual({ first: 10240, last: 65535 });
    expect(parsePortRange(' 2000 - 2000 ')).toEqual({ first: 2000, last: 2000 });
  });

  it('refuses what is not a range of ports', () => {
    for (const text of ['', 'abc', '0-100', '100-70000', '6000-5000', '1-2-3', '-5', '5']) {
      expect(parsePortRange(text), text).toBeNull();
    }
  });

  it('reads the kernel range from its file, and falls back to Linux’s default', async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'stratus-ports-'));
    try {
      const file = path.join(directory, 'ip_local_port_range');
      await writeFile(file, '15000\t25000\n');
      expect(kernelPortRange(file)).toEqual({ first: 15000, last: 25000 });
      await writeFile(file, 'garbage');
      expect(kernelPortRange(file)).toEqual({ first: 32768, last: 60999 });
      expect(kernelPortRange(path.join(directory, 'missing'))).toEqual({
        first: 32768,
        last: 60999,
      });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('takes every port of the range in turn before any comes again', () => {
    const ports = new EgressPorts({ first: 40000, last: 40004 });
    const firstTurn = Array.from({ length: 5 }, () => ports.next());
    expect([...firstTurn].sort()).toEqual([40000, 40001, 40002, 40003, 40004]);
    // Consecutive after the random start, wrapping at the end of the range.
    for (let index = 1; index < 5; index += 1) {
      expect(firstTurn[index]).toBe(
        firstTurn[index - 1] === 40004 ? 40000 : firstTurn[index - 1]! + 1,
      );
    }
    expect(Array.from({ length: 5 }, () => ports.next())).toEqual(firstTurn);
  });

  it('keeps the default range clear of Linux’s default ephemeral range', () => {
    expect(rangesOverlap(DEFAULT_EGRESS_PORT_RANGE, { first: 32768, last: 60999 })).toBe(false);
    expect(rangesOverlap(DEFAULT_EGRESS_PORT_RANGE, { first: 1024, last: 65535 })).toBe(true);
    expect(rangesOverlap({ first: 10, last: 20 }, { first: 20, last: 30 })).toBe(true);
    expect(rangesOverlap({ first: 10, last: 19 }, { first: 20, last: 30 })).toBe(false);
  });

  it('without a range leaves every choice to the kernel', () => {
    const ports = new EgressPorts(null);
    expect([ports.next(), ports.next()]).toEqual([0, 0]);
  });
});

describe('a proxy server’s egress range', () => {
  it('warns when it overlaps the kernel’s ephemeral range, and not by default', () => {
    const warnings: string[] = [];
    const logger = {
      ...silentLogger,
      warn: (_fields: object, message: string) => warnings.push(message),
    };
    createProxyServer({ logger });
    expect(warnings).toEqual([]);
    createProxyServer({ logger, egressPortRange: kernelPortRange() });
    expect(warnings).toEqual([
      'egress ports overlap the kernel ephemeral range: reserve them with net.ipv4.ip_local_reserved_ports',
    ]);
  });
});
