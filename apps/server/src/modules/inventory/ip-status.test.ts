import { ipAddressStatuses } from '@stratus/contract';
import { describe, expect, it } from 'vitest';
import { nextIpStatus } from './ip-status.ts';

describe('nextIpStatus', () => {
  it('quarantines any address not quarantined or retired, in use or not', () => {
    for (const status of ['available', 'allocated', 'cooling'] as const) {
      for (const inUse of [false, true]) {
        expect(nextIpStatus('quarantine', { status, inUse })).toEqual({
          ok: true,
          status: 'quarantined',
        });
      }
    }
    expect(nextIpStatus('quarantine', { status: 'quarantined', inUse: false })).toEqual({
      ok: false,
      refusal: 'ipAlreadyQuarantined',
    });
  });

  it('releases only a quarantined address: to allocated while in use, else available', () => {
    expect(nextIpStatus('release', { status: 'quarantined', inUse: true })).toEqual({
      ok: true,
      status: 'allocated',
    });
    expect(nextIpStatus('release', { status: 'quarantined', inUse: false })).toEqual({
      ok: true,
      status: 'available',
    });
    for (const status of ['available', 'allocated', 'cooling'] as const) {
      expect(nextIpStatus('release', { status, inUse: false })).toEqual({
        ok: false,
        refusal: 'ipNotQuarantined',
      });
    }
  });

  it('retires any address no live instance uses', () => {
    for (const status of ['available', 'allocated', 'cooling', 'quarantined'] as const) {
      expect(nextIpStatus('retire', { status, inUse: false })).toEqual({
        ok: true,
        status: 'retired',
      });
      expect(nextIpStatus('retire', { status, inUse: true })).toEqual({
        ok: false,
        refusal: 'ipInUse',
      });
    }
  });

  it('moves a retired address nowhere', () => {
    for (const change of ['quarantine', 'release', 'retire'] as const) {
      expect(nextIpStatus(change, { status: 'retired', inUse: false })).toEqual({
        ok: false,
        refusal: 'ipRetired',
      });
    }
  });

  it('never answers allocated but for a release of an address in use', () => {
    for (const change of ['quarantine', 'release', 'retire'] as const) {
      for (const status of ipAddressStatuses) {
        for (const inUse of [false, true]) {
          const next = nextIpStatus(change, { status, inUse });
          if (next.ok && next.status === 'allocated') {
            expect([change, status, inUse]).toEqual(['release', 'quarantined', true]);
          }
        }
      }
    }
  });
});
