import { describe, expect, it } from 'vitest';
import { expandIpv4Cidr, MAX_CIDR_ADDRESSES, normaliseIpAddress } from './addresses.ts';
import { CsvSyntaxError, parseCsvRecords, readInventoryCsv } from './csv.ts';

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
    expect(offset).toEqual({ ok: false, reason: expect.stringContaining('10.0.0.0/29') });
    const huge = expandIpv4Cidr('10.0.0.0/16');
    expect(huge).toEqual({
      ok: false,
      reason: expect.stringContaining(String(MAX_CIDR_ADDRESSES)),
    });
    expect(expandIpv4Cidr('10.0.0.0/20').ok).toBe(true);
  });
});

describe('normaliseIpAddress', () => {
  it('accepts IPv4 and IPv6, lower-casing IPv6', () => {
    expect(normaliseIpAddress(' 127.0.0.2 ')).toBe('127.0.0.2');
    expect(normaliseIpAddress('2001:DB8::1')).toBe('2001:db8::1');
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
    const { ips, problems } = readInventoryCsv(text);
    expect(problems).toEqual([]);
    expect(ips).toEqual([
      {
        line: 2,
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
    expect(reordered.problems).toEqual([]);
    expect(reordered.ips[0]?.ip.address).toBe('10.0.0.9');
  });

  it('reports every bad row by line and column', () => {
    const text = [
      header,
      'not-an-ip,8000,10086,JP,日本,Japan,tokyo,东京,Tokyo,isp_residential',
      '10.0.0.2,70000,10086,JPN,日本,Japan,tokyo,东京,Tokyo,fibre',
      '10.0.0.3,8000',
    ].join('\n');
    const { ips, problems } = readInventoryCsv(text);
    expect(ips).toEqual([]);
    expect(problems).toEqual([
      'line 2: address: "not-an-ip" is not an IP address',
      'line 3: port: must be between 1 and 65535',
      'line 3: country: must be a two-letter country code such as JP',
      'line 3: line_type: must be one of isp_residential, datacenter',
      'line 4: 2 fields, the header has 10',
    ]);
  });

  it('refuses a header with missing or unknown columns, and an empty file', () => {
    expect(readInventoryCsv('address,port,extra\n').problems).toEqual([
      'header: missing column(s) vmess_port, country, country_zh, country_en, city, city_zh, city_en, line_type',
      'header: unknown column(s) extra',
    ]);
    expect(readInventoryCsv('').problems).toEqual(['the file is empty']);
    expect(readInventoryCsv('\uFEFF').problems).toEqual(['the file is empty']);
  });

  it('reports a file that is not CSV by its line, importing nothing', () => {
    const text = [header, '10.0.0.1,8000,10086,JP,"日本,Japan,tokyo,东京,Tokyo,datacenter'].join(
      '\n',
    );
    expect(readInventoryCsv(text)).toEqual({
      ips: [],
      problems: ['line 2: a quoted field is never closed'],
    });
  });
});
