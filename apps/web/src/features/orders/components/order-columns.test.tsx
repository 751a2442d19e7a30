import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminOrder, Order } from '@stratus/contract';
import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { orderColumns, orderTableScrollX, type OrderListView } from './order-columns.tsx';

const t = i18n.t.bind(i18n);

const order: AdminOrder = {
  id: '33333333-3333-4333-8333-333333333333',
  orderNo: 'SO20261122001',
  type: 'static_ip',
  status: 'partially_refunded',
  total: 1234.5,
  items: [
    {
      kind: 'static_ip',
      planId: '7a1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      instanceId: null,
      country: 'JP',
      countryName: '日本',
      city: '东京',
      lineType: 'isp_residential',
      trafficGb: null,
      durationDays: 30,
      quantity: 2,
      unitPrice: 30,
      amount: 60,
    },
  ],
  instanceIds: [],
  instances: [],
  createdAt: '2026-11-22T00:00:00.000Z',
  customerId: '22222222-2222-4222-8222-222222222222',
  customerEmail: 'alice@shop.example',
  refunded: 10,
  refundable: 50,
};

function columnsOf(view: OrderListView, compact = false, onRefund?: (order: Order) => void) {
  return orderColumns({ view, t, compact, onDetail: vi.fn(), onRefund });
}

/** Each column as `key:width`, in order. */
const layout = (columns: TableColumnType<Order>[]) =>
  columns.map((column) => `${String(column.key)}:${column.width ?? '-'}`);

/** Which columns are held at a side: `key:left` or `key:right`. */
const held = (columns: TableColumnType<Order>[]) =>
  columns.filter((column) => column.fixed).map((column) => `${String(column.key)}:${column.fixed}`);

function renderCell(columns: TableColumnType<Order>[], key: string, row: AdminOrder = order) {
  const column = columns.find((candidate) => candidate.key === key)!;
  return render(<>{column.render!(undefined, row, 0) as ReactNode}</>);
}

describe('orderColumns', () => {
  it("gives each view its columns, in order and at their widths, and the table's scroll width", () => {
    expect(layout(columnsOf('customer'))).toEqual([
      'orderNo:220',
      'type:150',
      'status:100',
      'total:120',
      'items:-',
      'createdAt:180',
      'actions:90',
    ]);
    expect(layout(columnsOf('operator'))).toEqual([
      'orderNo:210',
      'customer:260',
      'type:150',
      'status:110',
      'total:110',
      'refunded:110',
      'createdAt:180',
      'actions:90',
    ]);
    expect(layout(columnsOf('operator-one-customer'))).toEqual([
      'orderNo:230',
      'type:120',
      'status:110',
      'total:120',
      'items:-',
      'createdAt:180',
      'actions:130',
    ]);
    const views: OrderListView[] = ['customer', 'operator', 'operator-one-customer'];
    expect(views.map(orderTableScrollX)).toEqual([1000, 1390, 1130]);
  });

  it('holds the order number at the left on a phone, and the operator’s actions at the right on a wide screen', () => {
    expect(held(columnsOf('customer'))).toEqual([]);
    expect(held(columnsOf('customer', true))).toEqual(['orderNo:left']);
    expect(held(columnsOf('operator'))).toEqual(['actions:right']);
    expect(held(columnsOf('operator', true))).toEqual(['orderNo:left']);
    expect(held(columnsOf('operator-one-customer'))).toEqual(['actions:right']);
    expect(held(columnsOf('operator-one-customer', true))).toEqual([]);
  });

  it('titles the columns in the console’s words, the creation time with the business zone', () => {
    expect(columnsOf('operator').map((column) => column.title)).toEqual([
      '订单号',
      '客户',
      '类型',
      '状态',
      '金额',
      '已退',
      '创建时间 (UTC+8)',
      '操作',
    ]);
  });

  it('shows the amounts on one line, the refunded amount only when there is one', () => {
    const columns = columnsOf('operator');
    const total = columns.find((column) => column.key === 'total')!;
    expect(total.align).toBe('right');
    const refunded = columns.find((column) => column.key === 'refunded')!;
    expect(total.className).toBeTruthy();
    expect(refunded.className).toBe(total.className);
    expect(renderCell(columns, 'total').container).toHaveTextContent('¥1234.50');
    expect(renderCell(columns, 'refunded').container).toHaveTextContent('¥10.00');
    expect(renderCell(columns, 'refunded', { ...order, refunded: 0 }).container).toHaveTextContent(
      '--',
    );
  });

  it('shows the customer’s whole email with a copy action, and the items in words', () => {
    const { container } = renderCell(columnsOf('operator'), 'customer');
    expect(screen.getByText('alice@shop.example')).toBeInTheDocument();
    expect(container.querySelector('.ant-typography-copy')).not.toBeNull();
    expect(container.querySelector('.ant-typography-ellipsis')).toBeNull();
    const items = columnsOf('customer').find((column) => column.key === 'items')!;
    expect(items.ellipsis).toBe(true);
    expect(renderCell(columnsOf('customer'), 'items').container).toHaveTextContent(
      '日本 · 东京 ISP住宅 30 天 × 2',
    );
    expect(
      renderCell(columnsOf('customer'), 'items', { ...order, items: [] }).container,
    ).toHaveTextContent('--');
  });

  it('offers a refund beside the details only when asked, and not for an order refunded in full', async () => {
    renderCell(columnsOf('operator-one-customer'), 'actions');
    expect(screen.getByRole('button', { name: '详情' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /退/ })).toBeNull();

    const onRefund = vi.fn();
    const { unmount } = renderCell(columnsOf('operator-one-customer', false, onRefund), 'actions');
    await userEvent.click(screen.getByRole('button', { name: '退款 SO20261122001' }));
    expect(onRefund).toHaveBeenCalledWith(order);
    unmount();

    renderCell(columnsOf('operator-one-customer', false, onRefund), 'actions', {
      ...order,
      status: 'refunded',
    });
    expect(screen.queryByRole('button', { name: '退款 SO20261122001' })).toBeNull();
  });

  it('opens the details of the row’s order', async () => {
    const onDetail = vi.fn();
    const columns = orderColumns({ view: 'customer', t, compact: false, onDetail });
    renderCell(columns, 'actions');
    await userEvent.click(screen.getByRole('button', { name: '详情' }));
    expect(onDetail).toHaveBeenCalledWith(order);
  });
});
