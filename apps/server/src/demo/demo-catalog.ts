// What the demo seed loads: four cities, two lines each, four durations, loopback IPs.
import type { LineType } from '@stratus/contract';
import type { RegionSpec } from '../modules/inventory/public.ts';

export const DEMO_NODE_NAME = 'demo-gateway';
/** The bundled gateway runs on the same machine as the server. */
export const DEMO_NODE_HOST = '127.0.0.1';

export const demoRegions: RegionSpec[] = [
  {
    country: 'HK',
    countryZh: '中国香港',
    countryEn: 'Hong Kong',
    city: 'hong-kong',
    cityZh: '香港',
    cityEn: 'Hong Kong',
  },
  {
    country: 'JP',
    countryZh: '日本',
    countryEn: 'Japan',
    city: 'tokyo',
    cityZh: '东京',
    cityEn: 'Tokyo',
  },
  {
    country: 'US',
    countryZh: '美国',
    countryEn: 'United States',
    city: 'los-angeles',
    cityZh: '洛杉矶',
    cityEn: 'Los Angeles',
  },
  {
    country: 'SG',
    countryZh: '新加坡',
    countryEn: 'Singapore',
    city: 'singapore',
    cityZh: '新加坡',
    cityEn: 'Singapore',
  },
];

/** Fen per IP by duration in days: longer durations cost less per day; datacenter costs less. */
export const demoPrices: Record<LineType, Record<number, bigint>> = {
  isp_residential: { 30: 3500n, 90: 9900n, 180: 18900n, 365: 34900n },
  datacenter: { 30: 2500n, 90: 6900n, 180: 12900n, 365: 23900n },
};

/**
 * Loopback IPs per demo plan, by country and line. Most plans have plenty, so the shop reads as a
 * shop ("In stock"); two run short, so a fresh install also shows what a nearly sold-out plan
 * looks like ("3 left"). 206 in all, well inside the loopback block.
 */
export const demoIpsPerPlan: Record<string, Record<LineType, number>> = {
  HK: { isp_residential: 30, datacenter: 40 },
  JP: { isp_residential: 30, datacenter: 25 },
  US: { isp_residential: 8, datacenter: 40 },
  SG: { isp_residential: 30, datacenter: 3 },
};

/** How many IPs the demo seed loads for one plan. */
export function demoIpsFor(country: string, lineType: LineType): number {
  const count = demoIpsPerPlan[country]?.[lineType];
  if (count === undefined) throw new Error(`no demo stock for ${country} ${lineType}`);
  return count;
}

/**
 * HTTP and SOCKS5 port of every demo IP by default; each IP is its own loopback address. The
 * server seeds (and keeps) the demo IPs on its `EMBEDDED_GATEWAY_PORT`, where the demo gateway
 * listens.
 */
export const DEMO_PROXY_PORT = 1080;
export const DEMO_VMESS_PORT = 10086;

/**
 * Loopback addresses from 127.0.0.2 on (127.0.0.1 is the machine itself), so a gateway on this
 * machine can bind each one and really serve it. The whole 127.0.0.0/8 block is local on Linux.
 */
export function demoAddress(index: number): string {
  const host = index + 2;
  return `127.0.${Math.floor(host / 256)}.${host % 256}`;
}

/** Traffic plans of the demo: bigger packages cost less per GB and last longer. */
export const demoTrafficPlans: { gb: number; validityDays: number; priceFen: bigint }[] = [
  { gb: 1, validityDays: 30, priceFen: 1_500n },
  { gb: 10, validityDays: 30, priceFen: 12_000n },
  { gb: 50, validityDays: 60, priceFen: 50_000n },
  { gb: 100, validityDays: 90, priceFen: 90_000n },
];
