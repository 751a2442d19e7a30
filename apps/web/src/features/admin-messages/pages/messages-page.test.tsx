import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getAdminMessage,
  getMe,
  listAdminMessages,
  resendAdminMessage,
  sendTestEmail,
  type AdminMessage,
  type AdminMessageDetail,
  type UserProfile,
} from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { previewDocument } from '../preview-document.ts';
import MessagesPage from './messages-page.tsx';

const failedId = '3f2b8c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const queuedId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const failed: AdminMessage = {
  id: failedId,
  to: 'bounced@example.com',
  event: 'security.changed',
  locale: 'zh-CN',
  subject: '您的账户安全设置已更改',
  state: 'failed',
  attempts: 1,
  lastReply: '550 5.1.1 <bounced@example.com>: Recipient address rejected: User unknown',
  providerMessageId: null,
  createdAt: '2026-11-22T02:00:00.000Z',
  nextAttemptAt: '2026-11-22T02:05:00.000Z',
  sentAt: null,
};
const queued: AdminMessage = {
  ...failed,
  id: queuedId,
  to: 'new@example.com',
  event: 'mail.test',
  subject: 'Acme 测试邮件',
  state: 'queued',
  attempts: 0,
  lastReply: null,
};
const html = `<!doctype html><html><body style="background:#f5f5f5">
<p style="font-size:14px">您好</p>
<a href="/portal/verify-email?token=abc" style="color:#fff">验证邮箱</a>
<a href="javascript:alert(1)">bad</a>
</body></html>`;
const detailOf = (message: AdminMessage): AdminMessageDetail => ({
  ...message,
  text: '您好\n\n验证邮箱：/portal/verify-email?token=abc',
  html,
});
const profile: UserProfile = {
  id: 'staff-1',
  email: 'support@example.com',
  name: 'Sue',
  role: 'support',
  language: 'zh-CN',
  apiToken: 'st_token',
  createdAt: '2026-01-01T00:00:00.000Z',
  tourCompleted: true,
  emailVerified: true,
  emailVerification: 'optional',
  lowBalanceThreshold: null,
};
const api = installFakeApi();
/** Drawer, modal and typed input: several renders each, slow on a busy two-core machine. */
const SLOW_TEST_MS = 20_000;

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(getMe, profile);
  api.respondWith(listAdminMessages, (request) => ({
    items: [queued, failed],
    total: 2,
    page: Number(request.query.page),
    pageSize: 20,
  }));
  api.respondWith(getAdminMessage, detailOf(failed), { params: { id: failedId } });
  api.respondWith(getAdminMessage, detailOf(queued), { params: { id: queuedId } });
});

function renderMessages(search = '') {
  return renderRoutes(
    [{ path: '/admin/messages', element: <MessagesPage /> }],
    `/admin/messages${search}`,
  );
}

async function rowOf(address: string) {
  const cell = await screen.findByText(address);
  return cell.closest('tr')!;
}

async function openDetail(address: string) {
  await userEvent.click(within(await rowOf(address)).getByRole('button', { name: '详情' }));
  return screen.findByRole('dialog');
}

describe('the preview document', () => {
  it('opens every link in a new tab against the console, and unlinks the rest', () => {
    const document = new DOMParser().parseFromString(
      previewDocument(html, 'https://console.example'),
      'text/html',
    );
    const [verify, bad] = [...document.querySelectorAll('a')];
    expect(verify!.getAttribute('href')).toBe(
      'https://console.example/portal/verify-email?token=abc',
    );
    expect(verify!.getAttribute('target')).toBe('_blank');
    expect(verify!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(verify!.getAttribute('style')).toBe('color:#fff');
    expect(bad!.hasAttribute('href')).toBe(false);
    expect(document.body.getAttribute('style')).toBe('background:#f5f5f5');
  });
});

describe('MessagesPage', () => {
  it(
    'lists messages with their state, attempts and SMTP reply, and sends the filters',
    async () => {
      const { router } = renderMessages('?state=failed&event=security.changed');
      const row = await rowOf('bounced@example.com');
      expect(within(row).getByText('发送失败')).toBeInTheDocument();
      expect(within(row).getByText('security.changed')).toBeInTheDocument();
      expect(within(row).getByText(failed.lastReply!)).toBeInTheDocument();
      expect(within(await rowOf('new@example.com')).getByText('排队中')).toBeInTheDocument();
      expect(screen.getByText('共 2 封')).toBeInTheDocument();
      expect(api.requests(listAdminMessages)[0]?.query).toEqual({
        state: 'failed',
        event: 'security.changed',
        page: '1',
        pageSize: '20',
      });
      await userEvent.type(screen.getByRole('searchbox', { name: '收件人邮箱' }), 'BOUNCED{Enter}');
      await waitFor(() => expect(api.requests(listAdminMessages).at(-1)?.query.to).toBe('BOUNCED'));
      expect(router.state.location.search).toContain('to=BOUNCED');
    },
    SLOW_TEST_MS,
  );

  it(
    'shows a failed message with its SMTP reply, both parts, and resends it',
    async () => {
      api.respondWith(resendAdminMessage, { ...failed, state: 'queued', attempts: 0 });
      renderMessages();
      const drawer = await openDetail('bounced@example.com');
      expect(await within(drawer).findByTestId('smtp-reply')).toHaveTextContent(failed.lastReply!);
      expect(within(drawer).getByText('已尝试 1 次')).toBeInTheDocument();
      const frame = within(drawer).getByTitle('邮件 HTML 预览');
      expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
      const shown = new DOMParser().parseFromString(frame.getAttribute('srcdoc')!, 'text/html');
      const link = shown.querySelector('a')!;
      expect(link.getAttribute('href')).toBe(
        `${window.location.origin}/portal/verify-email?token=abc`,
      );
      expect(link.getAttribute('target')).toBe('_blank');
      await userEvent.click(within(drawer).getByRole('tab', { name: '纯文本' }));
      expect(await within(drawer).findByText(/验证邮箱：\/portal\/verify-email/)).toBeVisible();

      await userEvent.click(within(drawer).getByRole('button', { name: /重发/ }));
      expect(await screen.findByText('已重新排队，将在下一轮投递时发出')).toBeInTheDocument();
      expect(api.requests(resendAdminMessage, { params: { id: failedId } })).toHaveLength(1);
    },
    SLOW_TEST_MS,
  );

  it(
    'offers no resend for a message that has not failed',
    async () => {
      renderMessages();
      const drawer = await openDetail('new@example.com');
      await within(drawer).findByText('尚无应答');
      expect(within(drawer).queryByRole('button', { name: /重发/ })).not.toBeInTheDocument();
    },
    SLOW_TEST_MS,
  );

  it(
    "sends a test email to the operator's own address and shows the server's refusal",
    async () => {
      api.respondWith(sendTestEmail, {
        outcome: 'refused',
        reply: '550 5.7.1 Relaying denied',
        message: { ...queued, state: 'failed', to: 'support@example.com' },
      });
      renderMessages();
      await rowOf('bounced@example.com');
      await userEvent.click(screen.getByRole('button', { name: /发送测试邮件/ }));
      const address = await screen.findByLabelText('收件邮箱');
      await waitFor(() => expect(address).toHaveValue('support@example.com'));
      await userEvent.click(screen.getByRole('button', { name: '立即发送' }));
      const answer = await screen.findByTestId('test-email-answer');
      expect(answer).toHaveTextContent('SMTP 服务器拒绝了这封测试邮件');
      expect(answer).toHaveTextContent('550 5.7.1 Relaying denied');
      expect(api.requests(sendTestEmail)[0]?.body).toEqual({ to: 'support@example.com' });
    },
    SLOW_TEST_MS,
  );

  it(
    'says plainly that mail stays in the outbox without an SMTP server',
    async () => {
      api.respondWith(sendTestEmail, { outcome: 'outbox', reply: null, message: queued });
      renderMessages();
      await rowOf('bounced@example.com');
      await userEvent.click(screen.getByRole('button', { name: /发送测试邮件/ }));
      const address = await screen.findByLabelText('收件邮箱');
      await userEvent.clear(address);
      await userEvent.type(address, 'not-an-address');
      await userEvent.click(screen.getByRole('button', { name: '立即发送' }));
      expect(await screen.findByText('邮箱格式不正确')).toBeInTheDocument();
      expect(api.requests(sendTestEmail)).toHaveLength(0);
      await userEvent.clear(address);
      await userEvent.type(address, 'dev@example.com');
      await userEvent.click(screen.getByRole('button', { name: '立即发送' }));
      expect(await screen.findByTestId('test-email-answer')).toHaveTextContent(
        '未配置 SMTP 服务器（SMTP_URL），邮件没有发出，已保存在发件箱中',
      );
    },
    SLOW_TEST_MS,
  );
});
