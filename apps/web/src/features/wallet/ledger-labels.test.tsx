import {
  AUTO_RENEW_NOTE,
  formatTopUpNote,
  formatTrafficPurchaseNote,
  ledgerEntryTypes,
  locales,
  parseLedgerNote,
  paymentChannels,
  type LedgerEntry,
  type LedgerEntryType,
  type LedgerNote,
  type LedgerPurchase,
} from '@stratus/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
// The server's own CSV writer: what the page shows must be what the exported file says.
import { formatLedgerCsv } from '../../../../server/src/modules/wallet/csv.ts';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { TransactionTable } from './components/transaction-table.tsx';

const tokyo: LedgerPurchase = {
  countryNameZh: '日本',
  countryNameEn: 'Japan',
  cityNameZh: '东京',
  cityNameEn: 'Tokyo',
  lineType: 'isp_residential',
  quantity: 2,
  durationDays: 30,
  ips: [],
};

/** Every ledger type without a note, then every kind of note on the type that writes it. */
const fixtures: { type: LedgerEntryType; note: string; purchase?: LedgerPurchase }[] = [
  ...ledgerEntryTypes.map((type) => ({ type, note: '' })),
  ...paymentChannels.flatMap((channel) => [
    { type: 'topup' as const, note: formatTopUpNote(channel, false) },
    { type: 'topup' as const, note: formatTopUpNote(channel, true) },
  ]),
  { type: 'renewal', note: AUTO_RENEW_NOTE },
  // What a static-IP purchase or renewal bought, read from its order.
  { type: 'static_ip_purchase', note: '', purchase: tokyo },
  {
    type: 'renewal',
    note: AUTO_RENEW_NOTE,
    purchase: { ...tokyo, quantity: 1, ips: ['203.0.113.7'] },
  },
  {
    type: 'renewal',
    note: '',
    purchase: {
      ...tokyo,
      quantity: 5,
      ips: ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4', '10.0.0.5'],
    },
  },
  {
    type: 'traffic_purchase',
    note: formatTrafficPurchaseNote({ gb: 10, quantity: 2, validityDays: 30 }),
  },
  // Written before notes were codes.
  { type: 'traffic_purchase', note: 'traffic 10 GB × 2 = 20 GB, 30 days' },
  // An operator's refund reason, shown as written.
  { type: 'refund', note: '开通延迟，退还剩余金额' },
  { type: 'adjustment', note: 'goodwill, ticket 42' },
];

// Naming every kind here makes a new kind of note fail to compile until it has a fixture above.
const noteKinds: Record<LedgerNote['kind'], true> = {
  empty: true,
  text: true,
  topUp: true,
  autoRenewal: true,
  trafficPurchase: true,
};

const entries: LedgerEntry[] = fixtures.map(({ type, note, purchase }, index) => ({
  id: `row-${index}`,
  type,
  amount: type === 'topup' || type === 'refund' ? 10 : -10,
  balanceAfter: 100,
  reference: null,
  note,
  purchase: purchase ?? null,
  createdAt: '2026-11-20T08:00:00.000Z',
}));

/** RFC 4180 as the server writes it: CRLF rows, `"` quoting with `""` inside. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  return rows;
}

afterEach(async () => {
  await act(() => changeLanguage('zh-CN'));
});

describe('ledger labels on screen and in the CSV export', () => {
  it('cover every kind of note', () => {
    const covered = new Set(fixtures.map(({ type, note }) => parseLedgerNote(type, note).kind));
    expect([...covered].toSorted()).toEqual(Object.keys(noteKinds).toSorted());
  });

  it.each(locales)('read the same in %s: titles, every type and every note', async (locale) => {
    await act(() => changeLanguage(locale));
    renderWithProviders(
      <TransactionTable
        data={{ items: entries, total: entries.length, page: 1, pageSize: 50 }}
        loading={false}
        page={1}
        pageSize={50}
        onPageChange={() => {}}
      />,
    );
    const table = await screen.findByRole('table');

    const [header, ...lines] = parseCsv(
      formatLedgerCsv(
        fixtures.map(({ type, note, purchase }) => ({
          createdAt: new Date('2026-11-20T08:00:00.000Z'),
          type,
          amountFen: type === 'topup' || type === 'refund' ? 1000n : -1000n,
          balanceAfterFen: 10_000n,
          reference: null,
          note,
          purchase: purchase ?? null,
        })),
        locale,
      ).slice(1),
    );
    const titles = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(header).toEqual(titles);
    expect(lines).toHaveLength(entries.length);

    entries.forEach((entry, index) => {
      const row = table.querySelector(`tr[data-row-key="${entry.id}"]`);
      if (!(row instanceof HTMLElement)) throw new Error(`no row ${entry.id}`);
      const cells = within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
      const [, csvType, , , , csvNote] = lines[index] ?? [];
      const context = `${locale} ${entry.type} "${entry.note}"`;
      expect(cells[1], context).toBe(csvType);
      // The table marks an empty note `--`; the file leaves the cell empty.
      expect(cells[5], context).toBe(csvNote || '--');
    });
  });
});
