import type { SessionDevice } from '@stratus/contract';
import type { TFunction } from 'i18next';

/** The longest raw User-Agent shown when it names no browser we know. */
const RAW_AGENT_LENGTH = 80;

/**
 * A session's or sign-in's device as a person reads it: "Chrome on Windows", the browser alone
 * when the system is unknown, the raw agent (cut short) when the browser is, "unknown" without one.
 */
export function deviceLabel(device: SessionDevice, userAgent: string | null, t: TFunction): string {
  const { browser, system } = device;
  if (browser !== null) {
    return system === null ? browser : t('devices.browserOnSystem', { browser, system });
  }
  const raw = userAgent?.trim() ?? '';
  if (raw === '') return t('devices.unknownDevice');
  return raw.length > RAW_AGENT_LENGTH ? `${raw.slice(0, RAW_AGENT_LENGTH - 1)}…` : raw;
}
