import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  addStaffMember,
  changeStaffRole,
  getMe,
  listStaff,
  permissions,
  removeStaffMember,
  resetStaffTwoStep,
  type StaffMember,
  type UserProfile,
} from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { respondWithQuietInbox } from '../../../test/inbox-fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import StaffPage from './staff-page.tsx';

const me: UserProfile = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'boss@example.com',
  name: 'Boss',
  role: 'owner',
  language: 'zh-CN',
  apiToken: 'st_token',
  createdAt: '2026-01-01T00:00:00.000Z',
  tourCompleted: true,
  emailVerified: true,
  emailVerification: 'optional',
  lowBalanceThreshold: null,
};
const books: StaffMember = {
  id: '00000000-0000-4000-8000-000000000002',
  email: 'books@example.com',
  name: 'Books',
  role: 'finance',
  createdAt: '2026-02-01T00:00:00.000Z',
  lastSignInAt: '2026-03-01T02:00:00.000Z',
  disabledAt: null,
  twoStepEnabled: true,
};
const helper: StaffMember = {
  id: '00000000-0000-4000-8000-000000000003',
  email: 'helper@example.com',
  name: '',
  role: 'support',
  createdAt: '2026-02-02T00:00:00.000Z',
  lastSignInAt: null,
  disabledAt: null,
  twoStepEnabled: false,
};
const members: StaffMember[] = [
  {
    ...me,
    role: 'owner',
    lastSignInAt: '2026-03-02T00:00:00.000Z',
    disabledAt: null,
    twoStepEnabled: true,
  },
  books,
  helper,
];
const api = installFakeApi();
// Ant Design spaces out a two-character Chinese button label (移 除).
const REMOVE = /^移\s?除$/;
const ADD = /^添\s?加$/;
const DONE = /^完\s?成$/;

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(getMe, me);
  respondWithQuietInbox(api);
  api.respondWith(listStaff, { items: members });
});

function renderStaff() {
  return renderRoutes([{ path: '/admin/staff', element: <StaffPage /> }], '/admin/staff');
}

/** The table row showing `email`. */
async function rowOf(email: string) {
  const cell = await screen.findByText(email);
  return cell.closest('tr')!;
}

// First renders load Ant Design: slow on a busy machine.
describe('StaffPage', { timeout: 20_000 }, () => {
  it('lists the staff with role, last sign-in and what each role may do', async () => {
    renderStaff();
    const row = await rowOf('books@example.com');
    const financeTag = within(row)
      .getAllByText('财务')
      .find((element) => element.closest('.ant-tag'));
    expect(financeTag).toBeDefined();
    expect(within(await rowOf('helper@example.com')).getByText('从未登录')).toBeInTheDocument();
    expect(within(await rowOf('boss@example.com')).getByText('（我）')).toBeInTheDocument();
    // The matrix: one row per permission, a mark per role read off the contract's table.
    const matrixRow = screen.getByText('管理员工').closest('tr')!;
    expect(within(matrixRow).getAllByLabelText('允许')).toHaveLength(1);
    expect(within(matrixRow).getAllByLabelText('不允许')).toHaveLength(3);
    const matrix = matrixRow.closest('table')!;
    expect(within(matrix).getAllByLabelText('允许').length).toBeGreaterThan(permissions.length);
  });

  it("disables the owner's own row and changes another member's role", async () => {
    api.respondWith(changeStaffRole, (request) => ({
      ...books,
      role: (request.body as { role: StaffMember['role'] }).role,
    }));
    renderStaff();
    const own = await rowOf('boss@example.com');
    expect(within(own).getByRole('button', { name: REMOVE })).toBeDisabled();
    expect(within(own).getByRole('combobox')).toBeDisabled();

    const row = await rowOf('books@example.com');
    await userEvent.click(
      within(row).getByRole('combobox', { name: '更改 books@example.com 的角色' }),
    );
    const options = await screen.findAllByTitle('运维');
    await userEvent.click(options.at(-1)!);
    await waitFor(() => expect(api.requests(changeStaffRole)).toHaveLength(1));
    const [request] = api.requests(changeStaffRole);
    expect(request!.params).toEqual({ id: books.id });
    expect(request!.body).toEqual({ role: 'ops' });
    expect(await screen.findByText('已将 books@example.com 的角色改为运维')).toBeInTheDocument();
  });

  it('removes a member after confirming', async () => {
    api.respondWith(removeStaffMember, null);
    renderStaff();
    const row = await rowOf('helper@example.com');
    await userEvent.click(within(row).getByRole('button', { name: REMOVE }));
    expect(await screen.findByText('移除员工 helper@example.com？')).toBeInTheDocument();
    expect(api.requests(removeStaffMember)).toHaveLength(0);
    const confirm = screen.getAllByRole('button', { name: REMOVE }).at(-1)!;
    await userEvent.click(confirm);
    await waitFor(() => expect(api.requests(removeStaffMember)).toHaveLength(1));
    expect(api.requests(removeStaffMember)[0]!.params).toEqual({ id: helper.id });
  });

  it("resets a member's two-step verification after confirming, not one's own", async () => {
    api.respondWith(resetStaffTwoStep, { ...books, twoStepEnabled: false });
    renderStaff();
    const row = await rowOf('books@example.com');
    expect(within(row).getByText('两步验证已启用')).toBeInTheDocument();
    expect(
      within(await rowOf('helper@example.com')).queryByRole('button', { name: '重置两步验证' }),
    ).not.toBeInTheDocument();
    expect(
      within(await rowOf('boss@example.com')).queryByRole('button', { name: '重置两步验证' }),
    ).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: '重置两步验证' }));
    expect(
      await screen.findByText('确定重置 books@example.com 的两步验证吗？'),
    ).toBeInTheDocument();
    expect(api.requests(resetStaffTwoStep)).toHaveLength(0);
    const confirm = screen.getAllByRole('button', { name: '重置两步验证' }).at(-1)!;
    await userEvent.click(confirm);
    await waitFor(() => expect(api.requests(resetStaffTwoStep)).toHaveLength(1));
    expect(api.requests(resetStaffTwoStep)[0]!.params).toEqual({ id: books.id });
    expect(await screen.findByText('已重置 books@example.com 的两步验证')).toBeInTheDocument();
  });

  it('adds a new member and shows the generated password once', async () => {
    api.respondWith(addStaffMember, {
      member: { ...helper, id: '00000000-0000-4000-8000-000000000009', email: 'new@example.com' },
      accountCreated: true,
      generatedPassword: 'Xy7-generated-once-only',
    });
    renderStaff();
    await rowOf('books@example.com');
    await userEvent.click(screen.getByRole('button', { name: /添加员工/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('邮箱'), 'new@example.com');
    await userEvent.click(within(dialog).getByRole('combobox', { name: '角色' }));
    await userEvent.click((await screen.findAllByTitle('财务')).at(-1)!);
    await userEvent.click(within(dialog).getByRole('button', { name: ADD }));

    expect(await within(dialog).findByTestId('generated-password')).toHaveTextContent(
      'Xy7-generated-once-only',
    );
    expect(api.requests(addStaffMember)[0]!.body).toEqual({
      email: 'new@example.com',
      role: 'finance',
    });
    expect(within(dialog).getByRole('button', { name: '复制密码' })).toBeInTheDocument();
    expect(within(dialog).getByText(/密码只显示这一次/)).toBeInTheDocument();

    // Done drops it: opening the form again shows an empty form, not the password.
    await userEvent.click(within(dialog).getByRole('button', { name: DONE }));
    await userEvent.click(screen.getByRole('button', { name: /添加员工/ }));
    const again = await screen.findByRole('dialog');
    await waitFor(() => expect(within(again).getByLabelText('邮箱')).toHaveValue(''));
    expect(screen.queryByText('Xy7-generated-once-only')).not.toBeInTheDocument();
  });

  it('says an existing account got the role, with no password', async () => {
    api.respondWith(addStaffMember, {
      member: { ...helper, email: 'customer@example.com' },
      accountCreated: false,
      generatedPassword: null,
    });
    renderStaff();
    await rowOf('books@example.com');
    await userEvent.click(screen.getByRole('button', { name: /添加员工/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('邮箱'), 'customer@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: ADD }));
    expect(
      await within(dialog).findByText(/customer@example.com 已有账号，现已成为客服/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByTestId('generated-password')).not.toBeInTheDocument();
    expect(api.requests(addStaffMember)[0]!.body).toEqual({
      email: 'customer@example.com',
      role: 'support',
    });
  });

  it('hides the staff actions from a role without staff.manage', async () => {
    api.respondWith(getMe, { ...me, role: 'finance' });
    renderStaff();
    await rowOf('books@example.com');
    expect(screen.queryByRole('button', { name: /添加员工/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: REMOVE })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
