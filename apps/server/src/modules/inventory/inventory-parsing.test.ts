import { describe, expect, it } from 'vitest';
import {
  expandIpv4Cidr,
  expandIpv4Range,
  MAX_CIDR_ADDRESSES,
  normaliseIpAddress,
} from './addresses.ts';
import { CsvSyntaxError, parseCsvRecords, readInventoryCsv } from './csv.ts';
import { describeProblem } from './problems.ts';
import { readIpRanges } from './ranges.ts';
import type { ImportCandidate } from './rows.ts';

/** Each problem of the candidates as the command line prints it. */
function problemLines(candidates: ImportCandidate[]): string[] {
  return candidates.flatMap((candidate) =>
    candidate.problems.map(
      (problem) => `line ${candidate.line}: ${describeProblem(problem, 'en-US')}`,
    ),
  );
}

describe('expandIpv4Cidr', () => {
  it('expands a /29 to its six host addresses', () => {
    expect(expandIpv4Cidr('10.0.0.0/29')).toEqual({
      ok: true,
      addresses: ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4', '10.0.0.5', '10.0.0.6'],
    });
  });

  it('keeps every address of a /31 and /32', () => {
    expect(expandIpv4Cidr('192.0.2.7/32')).toEqual({ ok: true, addresses: ['192.0.2.7'] });
    expect(expandIpv4Cidr('192.0.2.6/31')).toEqual({
      ok: true,
      addresses: ['192.0.2.6', '192.0.2.7'],
    });
    expect(expandIpv4Cidr('192.0.2.4/30')).toEqual({
      ok: true,
      addresses: ['192.0.2.5', '192.0.2.6'],
    });
  });

  it('crosses octet boundaries', () => {
    const expansion = expandIpv4Cidr('10.1.0.0/23');
    expect(expansion.ok && expansion.addresses.length).toBe(510);
    expect(expansion.ok && expansion.addresses.slice(254, 257)).toEqual([
      '10.1.0.255',
      '10.1.1.0',
      '10.1.1.1',
    ]);
  });

  it('refuses malformed blocks, a host address as the base and oversized blocks', () => {
    for (const bad of ['10.0.0.0', '10.0.0.0/33', '10.0.0/24', 'abc/24', '10.0.0.256/32', '']) {
      expect(expandIpv4Cidr(bad).ok).toBe(false);
    }
    const offset = expandIpv4Cidr('10.0.0.5/29');
    expect(offset.ok || describeProblem(offset.problem, 'en-US')).toBe(
      '"10.0.0.5/29" is not a block start; did you mean 10.0.0.0/29?',
    );
    const huge = expandIpv4Cidr('10.0.0.0/16');
    expect(huge.ok || describeProblem(huge.problem, 'zh-CN')).toBe(
      `“10.0.0.0/16”含 65534 个地址，单个网段最多 ${MAX_CIDR_ADDRESSES} 个`,
    );
    expect(expandIpv4Cidr('10.0.0.0/20').ok).toBe(true);
  });
});

describe('expandIpv4Range', () => {
  it('expands both ends included, with a full or a last-octet end', () => {
    expect(expandIpv4Range('10.0.0.254-10.0.1.1')).toEqual({
      ok: true,
      addresses: ['10.0.0.254', '10.0.0.255', '10.0.1.0', '10.0.1.1'],
    });
    expect(expandIpv4Range(' 192.0.2.10 - 12 ')).toEqual({
      ok: true,
      addresses: ['192.0.2.10', '192.0.2.11', '192.0.2.12'],
    });
    expect(expandIpv4Range('192.0.2.9-9')).toEqual({ ok: true, addresses: ['192.0.2.9'] });
  });

  it('refuses reversed, oversized and malformed ranges', () => {
    const reversed = expandIpv4Range('192.0.2.12-10');
    expect(reversed.ok || reversed.problem.key).toBe('adminInventory.problem.rangeReversed');
    const huge = expandIpv4Range('10.0.0.0-10.0.16.0');
    expect(huge.ok || huge.problem.key).toBe('adminInventory.problem.blockTooLarge');
    expect(expandIpv4Range('10.0.0.0-10.0.15.255').ok).toBe(true);
    for (const bad of ['10.0.0.1-', '10.0.0.1-300', '1-2', '10.0.0.1-10.0.0.2-3', 'a-b']) {
      const expansion = expandIpv4Range(bad);
      expect(expansion.ok || expansion.problem.key, bad).toBe('adminInventory.problem.notARange');
    }
  });
});

describe('readIpRanges', () => {
  const defaults = {
    region: {
      country: 'JP',
      countryZh: '日本',
      countryEn: 'Japan',
      city: 'tokyo',
      cityZh: '东京',
      cityEn: 'Tokyo',
    },
    lineType: 'datacenter' as const,
    port: 1080,
    vmessPort: 10086,
  };

  it('reads addresses, blocks and ranges, several per line, skipping comments and blanks', () => {
    const candidates = readIpRanges(
      '\uFEFF# our new block\r\n10.0.0.0/30, 2001:DB8::1\n\n192.0.2.5-6 # two more\r198.51.100.1;x',
      defaults,
    );
    expect(
      candidates.map((candidate) => [candidate.line, candidate.address, candidate.ip?.port]),
    ).toEqual([
      [2, '10.0.0.1', 1080],
      [2, '10.0.0.2', 1080],
      [2, '2001:db8::1', 1080],
      [4, '192.0.2.5', 1080],
      [4, '192.0.2.6', 1080],
      [5, '198.51.100.1', 1080],
      [5, 'x', undefined],
    ]);
    expect(candidates[0]?.ip).toEqual({ address: '10.0.0.1', ...defaults });
    expect(problemLines(candidates)).toEqual([
      'line 5: "x" is not an IP address, a CIDR block or a range',
    ]);
  });

  it("names every entry it cannot read, in the request's language too", () => {
    const candidates = readIpRanges('10.0.0.5/29\n10.0.0.300\n10.0.0.9-1', defaults);
    expect(candidates.every((candidate) => candidate.ip === undefined)).toBe(true);
    expect(candidates.map((candidate) => describeProblem(candidate.problems[0]!, 'zh-CN'))).toEqual(
      [
        '“10.0.0.5/29”不是网段起始地址，是否应为 10.0.0.0/29？',
        '“10.0.0.300”不是 IP 地址、CIDR 网段或地址范围',
        '“10.0.0.9-1”的结束地址小于起始地址',
      ],
    );
  });

  it('stops expanding past the limit', () => {
    expect(readIpRanges('10.0.0.0/24\n10.0.1.0/24', defaults, 300)).toHaveLength(254 * 2);
    expect(readIpRanges('10.0.0.0/24\n10.0.1.0/24\n10.0.2.0/24', defaults, 300)).toHaveLength(
      254 * 2,
    );
  });
});

describe('normaliseIpAddress', () => {
  it('accepts IPv4 and IPv6, writing IPv6 in its one canonical form', () => {
    expect(normaliseIpAddress(' 127.0.0.2 ')).toBe('127.0.0.2');
    expect(normaliseIpAddress('2001:DB8::1')).toBe('2001:db8::1');
    expect(normaliseIpAddress('2001:0db8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::1');
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'localhost', '1.2.3', '01.2.3.4', '1.2.3.4/32', '300.1.1.1']) {
      expect(normaliseIpAddress(bad)).toBeUndefined();
    }
  });
});

const header =
  'address,port,vmess_port,country,country_zh,country_en,city,city_zh,city_en,line_type';

describe('parseCsvRecords', () => {
  it('reads quotes, escaped quotes, CRLF, a BOM and skips blank lines', () => {
    const text = '\uFEFFa,b\r\n"x, y","say ""hi"""\r\n\r\n"multi\nline",z\n';
    expect(parseCsvRecords(text)).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 4, fields: ['multi\nline', 'z'] },
    ]);
  });

  it('keeps a last record without a newline', () => {
    expect(parseCsvRecords('a,b\n1,2')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
    ]);
  });

  it('counts lines across mixed line ends and blank or comma-only lines', () => {
    expect(parseCsvRecords('a,b\r1,2\n , \r\n,,\n\n"3\n4",5\r\n6,7')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
      { line: 6, fields: ['3\n4', '5'] },
      { line: 8, fields: ['6', '7'] },
    ]);
  });

  it('refuses quotes out of place and an unclosed quote, naming the line', () => {
    const misplaced = () => parseCsvRecords('a,b\n1,x"y\n');
    expect(misplaced).toThrow(CsvSyntaxError);
    expect(misplaced).toThrow(/^line 2: a quote out of place/);
    expect(() => parseCsvRecords('a,b\n1,2\n"3,4\n5,6\n')).toThrow(
      'line 3: a quoted field is never closed',
    );
  });
});

describe('readInventoryCsv', () => {
  it('reads valid rows in any column order, normalising codes', () => {
    const text = [
      header,
      '10.0.0.1,8000,10086,jp,日本,Japan,Tokyo,东京,Tokyo,isp_residential',
      '"10.0.0.2",8001,10086,JP,日本,Japan,tokyo,东京,Tokyo,datacenter',
    ].join('\n');
    const candidates = readInventoryCsv(text);
    expect(problemLines(candidates)).toEqual([]);
    expect(candidates).toEqual([
      {
        line: 2,
        address: '10.0.0.1',
        problems: [],
        ip: {
          address: '10.0.0.1',
          port: 8000,
          vmessPort: 10086,
          region: {
            country: 'JP',
            countryZh: '日本',
            countryEn: 'Japan',
            city: 'tokyo',
            cityZh: '东京',
            cityEn: 'Tokyo',
          },
          lineType: 'isp_residential',
        },
      },
      expect.objectContaining({ line: 3 }),
    ]);
    const reordered = readInventoryCsv(
      'line_type,city_en,city_zh,city,country_en,country_zh,country,vmess_port,port,address\n' +
        'datacenter,Tokyo,东京,tokyo,Japan,日本,JP,10086,8000,10.0.0.9\n',
    );
    expect(problemLines(reordered)).toEqual([]);
    expect(reordered[0]?.ip?.address).toBe('10.0.0.9');
  });

  it('reports every bad row by line and column, in either language', () => {
    const text = [
      header,
      'not-an-ip,8000,10086,JP,日本,Japan,tokyo,东京,Tokyo,isp_residential',
      '10.0.0.2,70000,10086,JPN,日本,Japan,tokyo,东京,Tokyo,fibre',
      '10.0.0.3,8000',
    ].join('\n');
    const candidates = readInventoryCsv(text);
    expect(candidates.map((candidate) => [candidate.line, candidate.address])).toEqual([
      [2, 'not-an-ip'],
      [3, '10.0.0.2'],
      [4, '10.0.0.3'],
    ]);
    expect(candidates.some((candidate) => candidate.ip)).toBe(false);
    expect(problemLines(candidates)).toEqual([
      'line 2: address: "not-an-ip" is not an IP address',
      'line 3: port: must be between 1 and 65535',
      'line 3: country: must be a two-letter country code such as JP',
      'line 3: line_type: must be one of isp_residential, datacenter',
      'line 4: 2 fields, the header has 10',
    ]);
    expect(describeProblem(candidates[1]!.problems[0]!, 'zh-CN')).toBe(
      'port：必须在 1 到 65535 之间',
    );
  });

  it('refuses a header with missing or unknown columns, and an empty file', () => {
    expect(problemLines(readInventoryCsv('address,port,extra\n'))).toEqual([
      'line 1: missing column(s) vmess_port, country, country_zh, country_en, city, city_zh, city_en, line_type',
      'line 1: unknown column(s) extra',
    ]);
    expect(readInventoryCsv('')).toEqual([]);
    expect(readInventoryCsv('\uFEFF')).toEqual([]);
  });

  it('reports a file that is not CSV by its line, importing nothing', () => {
    const text = [header, '10.0.0.1,8000,10086,JP,"日本,Japan,tokyo,东京,Tokyo,datacenter'].join(
      '\n',
    );
    const candidates = readInventoryCsv(text);
    expect(candidates.some((candidate) => candidate.ip)).toBe(false);
    expect(problemLines(candidates)).toEqual(['line 2: a quoted field is never closed']);
  });
});
