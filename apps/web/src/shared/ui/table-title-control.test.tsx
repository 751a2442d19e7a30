import { render } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it } from 'vitest';
import { TableTitleControl } from './table-title-control.tsx';

const rows = [{ id: '1', ip: '203.0.113.1' }];
const columns = [{ key: 'ip', dataIndex: 'ip', title: 'IP' }];

function renderScrollingTable(wrap: boolean) {
  return render(
    <Table
      rowKey="id"
      columns={columns}
      dataSource={rows}
      scroll={{ x: 800 }}
      rowSelection={{
        columnTitle: wrap
          ? (selectAll) => <TableTitleControl>{selectAll}</TableTitleControl>
          : undefined,
      }}
    />,
  );
}

/** The select-all checkboxes a keyboard can reach, whether in the header or its hidden copy. */
function reachableSelectAll(container: HTMLElement) {
  return Array.from(container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')).filter(
    (input) => !input.closest('tr.ant-table-row') && !input.closest('[inert]'),
  );
}

describe('TableTitleControl', () => {
  it('leaves one select-all checkbox reachable: the copy in the hidden measuring row is inert', () => {
    const { container } = renderScrollingTable(true);
    const measureRow = container.querySelector('tr.ant-table-measure-row');
    expect(measureRow).toHaveAttribute('aria-hidden', 'true');
    expect(measureRow!.querySelector('[inert] input[type="checkbox"]')).not.toBeNull();
    const [reachable, ...others] = reachableSelectAll(container);
    expect(others).toHaveLength(0);
    expect(reachable!.closest('thead')).not.toBeNull();
  });

  it('is needed: without it Ant Design leaves a focusable copy under aria-hidden', () => {
    const { container } = renderScrollingTable(false);
    expect(reachableSelectAll(container)).toHaveLength(2);
  });
});
