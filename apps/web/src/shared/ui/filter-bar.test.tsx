import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app.tsx';
import { emulateWindowWidth } from '../../test/window-width.ts';
import { FilterBar } from './filter-bar.tsx';
import type { FilterField } from './filter-fields.ts';

interface Filters {
  status: string | undefined;
  type: string | undefined;
  customer: string | undefined;
  from: string | undefined;
  to: string | undefined;
  flagged: string | undefined;
}

const none: Filters = {
  status: undefined,
  type: undefined,
  customer: undefined,
  from: undefined,
  to: undefined,
  flagged: undefined,
};

const fields: FilterField<Filters>[] = [
  {
    kind: 'select',
    name: 'status',
    label: '状态',
    placeholder: '全部状态',
    options: [
      { value: 'paid', label: '已支付' },
      { value: 'refunded', label: '已退款' },
    ],
    width: 150,
  },
  {
    kind: 'select',
    name: 'type',
    label: '类型',
    all: '全部类型',
    options: [{ value: 'topup', label: '充值' }],
  },
  { kind: 'search', name: 'customer', label: '客户', placeholder: '客户邮箱' },
  { kind: 'dateRange', from: 'from', to: 'to', label: '日期' },
  { kind: 'note', key: 'limit', text: '最长可查 31 天' },
];

/** The bar over the page's own state, as a list page keeps it; `changes` records each change. */
function renderBar(initial: Filters = none, props: { folded?: boolean } = {}) {
  const changes: Partial<Filters>[] = [];
  let apply: (next: Partial<Filters>) => void = () => {};
  function Page() {
    const [values, setValues] = useState(initial);
    apply = (next) => setValues((current) => ({ ...current, ...next }));
    return (
      <FilterBar
        fields={fields}
        values={values}
        onChange={(change) => {
          changes.push(change);
          apply(change);
        }}
        reset={{ label: '重置', alsoClears: ['flagged'] }}
        actions={<button type="button">导出</button>}
        {...props}
      />
    );
  }
  renderWithProviders(<Page />);
  return { changes, setValues: (next: Partial<Filters>) => apply(next) };
}

afterEach(() => vi.unstubAllGlobals());

describe('FilterBar', () => {
  it('draws each field by its name, with the note and the actions', () => {
    renderBar({ ...none, from: '2026-11-01', to: '2026-11-30' });
    expect(screen.getByRole('combobox', { name: '状态' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '类型' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: '客户' })).toHaveAttribute(
      'placeholder',
      '客户邮箱',
    );
    const days = [...document.querySelectorAll<HTMLInputElement>('.ant-picker-range input')];
    expect(days.map((input) => input.value)).toEqual(['2026-11-01', '2026-11-30']);
    expect(screen.getByText('最长可查 31 天')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '导出' })).toBeInTheDocument();
  });

  it('sets a select’s value, and its "all" option or its clear button unsets it', async () => {
    const { changes } = renderBar();
    // An "all" option is shown as chosen while nothing is.
    expect(screen.getByTitle('全部类型')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: '类型' }));
    await userEvent.click(await screen.findByTitle('充值'));
    expect(changes.at(-1)).toEqual({ type: 'topup' });
    await userEvent.click(screen.getByRole('combobox', { name: '类型' }));
    await userEvent.click((await screen.findAllByTitle('全部类型')).at(-1)!);
    expect(changes.at(-1)).toEqual({ type: undefined });

    await userEvent.click(screen.getByRole('combobox', { name: '状态' }));
    await userEvent.click(await screen.findByTitle('已退款'));
    expect(changes.at(-1)).toEqual({ status: 'refunded' });
    const select = screen.getByRole('combobox', { name: '状态' }).closest('.ant-select')!;
    await userEvent.click(select.querySelector('.ant-select-clear')!);
    expect(changes.at(-1)).toEqual({ status: undefined });
  });

  it('applies a search when searched, trimmed, and blank as none', async () => {
    const { changes } = renderBar();
    const box = screen.getByRole('searchbox', { name: '客户' });
    await userEvent.type(box, '  ada  ');
    expect(changes).toEqual([]);
    await userEvent.type(box, '{Enter}');
    expect(changes).toEqual([{ customer: 'ada' }]);
    await userEvent.clear(box);
    await userEvent.type(box, '   {Enter}');
    expect(changes.at(-1)).toEqual({ customer: undefined });
  });

  it('shows the applied search again when it changes elsewhere, keeping the caret in the box', async () => {
    const { setValues } = renderBar({ ...none, customer: 'ada' });
    const box = screen.getByRole('searchbox', { name: '客户' });
    expect(box).toHaveValue('ada');
    await userEvent.type(box, 'm');
    expect(box).toHaveValue('adam');
    // Another filter changing leaves what is typed.
    act(() => setValues({ status: 'paid' }));
    expect(screen.getByRole('searchbox', { name: '客户' })).toHaveValue('adam');
    // The applied text changing (the address going back) shows it, in the same box.
    act(() => setValues({ customer: 'bob' }));
    expect(screen.getByRole('searchbox', { name: '客户' })).toBe(box);
    expect(box).toHaveValue('bob');
    expect(box).toHaveFocus();
  });

  it('resets every field and what else it is told to clear', async () => {
    const { changes } = renderBar({
      status: 'paid',
      type: 'topup',
      customer: 'ada',
      from: '2026-11-01',
      to: '2026-11-30',
      flagged: 'true',
    });
    await userEvent.click(screen.getByRole('button', { name: /重置/ }));
    expect(changes).toEqual([
      {
        status: undefined,
        type: undefined,
        customer: undefined,
        from: undefined,
        to: undefined,
        flagged: undefined,
      },
    ]);
    expect(screen.getByRole('searchbox', { name: '客户' })).toHaveValue('');
  });

  it('folds behind one button on a phone, counting the filters set', async () => {
    emulateWindowWidth(390);
    renderBar({ ...none, status: 'paid', from: '2026-11-01', to: '2026-11-30' }, { folded: true });
    expect(screen.queryByRole('combobox', { name: '状态' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: /筛选/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The status and the date range (one field for its two days).
    expect(toggle.closest('.ant-badge')).toHaveTextContent('2');
    await userEvent.click(toggle);
    expect(screen.getByRole('combobox', { name: '状态' })).toBeInTheDocument();
  });

  it('stands unfolded on a wide screen', () => {
    renderBar(none, { folded: true });
    expect(screen.queryByRole('button', { name: /筛选/ })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '状态' })).toBeInTheDocument();
  });
});
