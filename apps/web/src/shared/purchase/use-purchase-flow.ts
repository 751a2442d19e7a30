// The one purchase flow of the console, quote → confirm → result, shared by every product bought
// from the wallet (static IPs, traffic…): the pages differ in what they show, not in how a choice
// is priced, confirmed and paid, so the rules below (a debounced live quote, one Idempotency-Key
// per confirmation) cannot drift between them. It lives in shared/ so features need not import
// each other to use it.
import {
  keepPreviousData,
  skipToken,
  useQuery,
  type QueryKey,
  type UseMutationResult,
} from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useDebouncedValue } from '../use-debounced-value.ts';

/** How long a choice must stay unchanged before it is priced. */
const QUOTE_DEBOUNCE_MS = 300;

/** How a product prices a choice: its query key and fetcher, from its feature's api.ts. */
export interface QuoteQuery<Quote> {
  queryKey: QueryKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<Quote>;
}

/** What a product's purchase mutation takes. */
export interface PurchaseRequest<Body> {
  body: Body;
  /** Made once per confirmation: a retried request answers the first result, never buys twice. */
  idempotencyKey: string;
}

export interface PurchaseFlowOptions<Body, Quote, Answer, Result> {
  /** What would be bought now, or null until enough is chosen. Memoise it: compared by identity. */
  body: Body | null;
  quoteQuery: (body: Body) => QuoteQuery<Quote>;
  /** The product's purchase mutation (its feature's api.ts), which also invalidates its data. */
  purchase: UseMutationResult<Answer, Error, PurchaseRequest<Body>>;
  /** What the result step shows of the purchase's answer. */
  toResult: (answer: Answer) => Result;
}

export interface PurchaseFlow<Quote, Result> {
  /** The price of the current choice (possibly of the one before, see `quoting`); none unchosen. */
  quote: Quote | undefined;
  /** The quote does not describe the current choice yet: it may not be paid. */
  quoting: boolean;
  /** The confirmation is open. */
  confirming: boolean;
  /** Opens the confirmation, with a fresh idempotency key. */
  confirm(): void;
  cancel(): void;
  /** Pays the current choice; on failure the server's reason is toasted and the dialog closes. */
  pay(): void;
  paying: boolean;
  /** What was bought, until the customer closes it. */
  result: Result | null;
  closeResult(): void;
}

const NO_QUOTE_KEY = ['purchase', 'no-quote'] as const;

export function usePurchaseFlow<Body, Quote, Answer, Result>({
  body,
  quoteQuery,
  purchase,
  toResult,
}: PurchaseFlowOptions<Body, Quote, Answer, Result>): PurchaseFlow<Quote, Result> {
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const idempotencyKey = useRef('');

  const debouncedBody = useDebouncedValue(body, QUOTE_DEBOUNCE_MS);
  const query = debouncedBody === null ? null : quoteQuery(debouncedBody);
  const quote = useQuery({
    queryKey: query?.queryKey ?? NO_QUOTE_KEY,
    queryFn: query ? ({ signal }) => query.queryFn({ signal }) : skipToken,
    // The last price stays on screen while the next one loads (shown as quoting).
    placeholderData: keepPreviousData,
  });

  return {
    quote: body === null ? undefined : quote.data,
    quoting: debouncedBody !== body || quote.isFetching,
    confirming,
    confirm: () => {
      idempotencyKey.current = crypto.randomUUID();
      setConfirming(true);
    },
    cancel: () => setConfirming(false),
    pay: () => {
      if (body === null) return;
      purchase.mutate(
        { body, idempotencyKey: idempotencyKey.current },
        {
          onSuccess: (answer) => {
            setConfirming(false);
            setResult(toResult(answer));
          },
          // The server's localised reason is toasted; the fresh quote shows what changed.
          onError: () => setConfirming(false),
        },
      );
    },
    paying: purchase.isPending,
    result,
    closeResult: () => setResult(null),
  };
}
