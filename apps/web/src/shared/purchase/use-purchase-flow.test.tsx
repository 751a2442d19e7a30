import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { usePurchaseFlow, type PurchaseRequest } from './use-purchase-flow.ts';

interface Body {
  quantity: number;
}

/** The flow around a fake product whose purchase answers (or fails) as `outcome` says. */
function renderFlow(initialBody: Body | null, outcome: { fail: boolean } = { fail: false }) {
  const requests: PurchaseRequest<Body>[] = [];
  const quoted: Body[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const rendered = renderHook(
    ({ body }: { body: Body | null }) =>
      usePurchaseFlow({
        body,
        quoteQuery: (quotedBody: Body) => ({
          queryKey: ['test', 'quote', quotedBody],
          queryFn: async () => {
            quoted.push(quotedBody);
            return { total: quotedBody.quantity * 10 };
          },
        }),
        purchase: useMutation({
          mutationFn: async (request: PurchaseRequest<Body>) => {
            requests.push(request);
            if (outcome.fail) throw new Error('refused');
            return { orderNo: `NO-${requests.length}` };
          },
        }),
        toResult: (answer) => answer.orderNo,
      }),
    { wrapper, initialProps: { body: initialBody } },
  );
  return { ...rendered, requests, quoted };
}

describe('usePurchaseFlow', () => {
  it('prices nothing until something is chosen, then the settled choice', async () => {
    const one = { quantity: 1 };
    const { result, rerender, quoted } = renderFlow(null);
    expect(result.current.quote).toBeUndefined();

    rerender({ body: one });
    expect(result.current.quoting).toBe(true);
    await waitFor(() => expect(result.current.quoting).toBe(false));
    expect(result.current.quote).toEqual({ total: 10 });
    expect(quoted).toEqual([one]);
  });

  it('keeps one key across retries of a confirmation and makes a new one for the next', async () => {
    const body = { quantity: 2 };
    const outcome = { fail: true };
    const { result, requests } = renderFlow(body, outcome);

    act(() => result.current.confirm());
    expect(result.current.confirming).toBe(true);
    act(() => result.current.pay());
    // A failed payment closes the dialog and shows no result; the server's reason is toasted.
    await waitFor(() => expect(result.current.confirming).toBe(false));
    expect(result.current.result).toBeNull();
    outcome.fail = false;
    act(() => result.current.pay());
    await waitFor(() => expect(result.current.result).toBe('NO-2'));
    expect(requests[0]).toEqual({ body, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(requests[1]?.idempotencyKey).toBe(requests[0]?.idempotencyKey);

    act(() => result.current.closeResult());
    expect(result.current.result).toBeNull();
    act(() => result.current.confirm());
    act(() => result.current.pay());
    await waitFor(() => expect(result.current.result).toBe('NO-3'));
    expect(requests[2]?.idempotencyKey).not.toBe(requests[0]?.idempotencyKey);
  });
});
