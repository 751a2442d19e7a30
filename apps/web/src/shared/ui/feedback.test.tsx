import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/query-client.ts';
// Loaded with the file, not by the cases' lazy imports: Ant Design's modules take seconds to load
// on a busy machine, and the cases' waits are for the toasts.
import '../../app/toasts.tsx';
import { showErrorToast, showSuccessToast } from './feedback.ts';
import { lazyWithAntd } from './lazy-with-antd.tsx';

function noticesReading(text: string): Element[] {
  return [...document.querySelectorAll('.ant-message-notice')].filter(
    (notice) => notice.textContent === text,
  );
}

function FailingPage() {
  return (
    <button type="button" onClick={() => showErrorToast('保存失败')}>
      save
    </button>
  );
}

function NextPage() {
  return <h1>next page</h1>;
}

// Each console page has Ant Design's providers of its own (app/router.tsx), as these two.
const Failing = lazyWithAntd(async () => ({ default: FailingPage }));
const Next = lazyWithAntd(async () => ({ default: NextPage }));

describe('toasts', () => {
  it('stay on screen when the page that raised them is left', async () => {
    const router = createMemoryRouter(
      [
        { path: '/failing', element: <Failing /> },
        { path: '/next', element: <Next /> },
      ],
      { initialEntries: ['/failing'] },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Suspense>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>,
    );
    (await screen.findByRole('button', { name: 'save' })).click();
    await waitFor(() => expect(noticesReading('保存失败')).toHaveLength(1));

    await act(() => router.navigate('/next'));
    expect(await screen.findByRole('heading', { name: 'next page' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'save' })).toBeNull();
    expect(noticesReading('保存失败')).toHaveLength(1);
  });

  it('share one toast per identical text and kind', async () => {
    showErrorToast('网络异常');
    showErrorToast('网络异常');
    showSuccessToast('网络异常');
    showErrorToast('请求超时');
    await waitFor(() => expect(noticesReading('请求超时')).toHaveLength(1));
    showErrorToast('网络异常');
    await waitFor(() => expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(3));
    expect(document.querySelectorAll('.ant-message-notice-error')).toHaveLength(2);
    expect(document.querySelectorAll('.ant-message-notice-success')).toHaveLength(1);
    expect(noticesReading('网络异常')).toHaveLength(2);
  });
});
