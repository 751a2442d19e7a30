// Why a line of an import cannot be imported, kept as a catalogue key with its values until it is
// worded: in the request's language for the API's preview, in English for the command line.
import {
  sharedMessages,
  translate,
  type IpAddressStatus,
  type Locale,
  type MessageParams,
  type SharedMessageKey,
} from '@stratus/contract';

export type ProblemKey = Extract<SharedMessageKey, `adminInventory.problem.${string}`>;

export interface ImportProblem {
  key: ProblemKey;
  params?: MessageParams;
  /** The field at fault as the person wrote it (`vmess_port` in a CSV, `--vmess-port` on a flag). */
  field?: string;
}

export function isProblemKey(text: string): text is ProblemKey {
  return text.startsWith('adminInventory.problem.') && Object.hasOwn(sharedMessages['en-US'], text);
}

/** A state as the catalogue words it (`已隔离`, `Quarantined`). */
function describeStatus(status: IpAddressStatus, locale: Locale): string {
  return translate(locale, `adminInventory.status.${status}`);
}

/** The problem in `locale`: `port：必须在 1 到 65535 之间`, `port: must be between 1 and 65535`. */
export function describeProblem(problem: ImportProblem, locale: Locale): string {
  const params = { ...problem.params };
  if (problem.key === 'adminInventory.problem.alreadyInPool') {
    params.status = describeStatus(params.status as IpAddressStatus, locale);
  }
  const reason = translate(locale, problem.key, params);
  return problem.field === undefined
    ? reason
    : translate(locale, 'adminInventory.problem.field', { field: problem.field, reason });
}
