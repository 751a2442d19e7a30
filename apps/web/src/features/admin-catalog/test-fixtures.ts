// Fixtures of the catalog page tests: a staff profile per role, two regions and their plans.
import type {
  AdminRegion,
  AdminStaticIpPlan,
  AdminTrafficPlan,
  Role,
  UserProfile,
} from '@stratus/contract';

export const profileOf = (role: Role): UserProfile => ({
  id: '00000000-0000-4000-8000-00000000000a',
  email: `${role}@example.com`,
  name: role,
  role,
  language: 'zh-CN',
  apiToken: 'st_token',
  createdAt: '2026-01-01T00:00:00.000Z',
  tourCompleted: true,
  emailVerified: true,
  emailVerification: 'optional',
  lowBalanceThreshold: null,
});

export const tokyo: AdminRegion = {
  id: '11111111-1111-4111-8111-111111111111',
  country: 'JP',
  cityCode: 'tokyo',
  countryNameZh: '日本',
  countryNameEn: 'Japan',
  cityNameZh: '东京',
  cityNameEn: 'Tokyo',
  sortOrder: 0,
  plans: 2,
  availableIps: 7,
};

export const losAngeles: AdminRegion = {
  id: '22222222-2222-4222-8222-222222222222',
  country: 'US',
  cityCode: 'los-angeles',
  countryNameZh: '美国',
  countryNameEn: 'United States',
  cityNameZh: '洛杉矶',
  cityNameEn: 'Los Angeles',
  sortOrder: 5,
  plans: 0,
  availableIps: 0,
};

const regionOf = ({
  id,
  country,
  cityCode,
  countryNameZh,
  countryNameEn,
  cityNameZh,
  cityNameEn,
}: AdminRegion) => ({
  id,
  country,
  cityCode,
  countryNameZh,
  countryNameEn,
  cityNameZh,
  cityNameEn,
});

/** On sale, with IPs sold: it cannot be deleted. */
export const residential: AdminStaticIpPlan = {
  id: '33333333-3333-4333-8333-333333333333',
  region: regionOf(tokyo),
  lineType: 'isp_residential',
  protocols: ['socks5', 'http', 'vmess'],
  active: true,
  sortOrder: 0,
  replacementsPerMonth: 1,
  prices: [
    { durationDays: 30, price: 35 },
    { durationDays: 90, price: 99 },
  ],
  liveInstances: 3,
  stock: 5,
  lowStockMark: 3,
  createdAt: '2026-01-02T00:00:00.000Z',
};

/** Hidden, nothing sold: it can go. */
export const datacenter: AdminStaticIpPlan = {
  ...residential,
  id: '44444444-4444-4444-8444-444444444444',
  lineType: 'datacenter',
  protocols: ['socks5'],
  active: false,
  sortOrder: 1,
  replacementsPerMonth: 1,
  prices: [{ durationDays: 45, price: 40.5 }],
  liveInstances: 0,
  stock: 2,
  lowStockMark: null,
};

export const tenGb: AdminTrafficPlan = {
  id: '55555555-5555-4555-8555-555555555555',
  gb: 10,
  validityDays: 30,
  price: 120,
  pricePerGb: 12,
  active: true,
  sortOrder: 0,
  livePackages: 4,
  createdAt: '2026-01-02T00:00:00.000Z',
};

export const oneGb: AdminTrafficPlan = {
  ...tenGb,
  id: '66666666-6666-4666-8666-666666666666',
  gb: 1,
  price: 15,
  pricePerGb: 15,
  active: false,
  livePackages: 0,
};
