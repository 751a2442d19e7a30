import type { ToastHolder } from '../../app/toasts.tsx';

let toastHolder: Promise<ToastHolder> | undefined;

/**
 * Ant Design and the toasts' holder are fetched and mounted with the first toast (the HTTP client
 * raises them on every page, the portal's included, which loads no Ant Design otherwise). A lazy
 * `import()`, as the router's: shared/ reaches app/ only so (docs/conventions.md). A failed fetch
 * is tried again with the next toast.
 */
function loadToastHolder(): Promise<ToastHolder> {
  if (!toastHolder) {
    const loading = import('../../app/toasts.tsx').then((module) => module.mountToastHolder());
    loading.catch(() => {
      if (toastHolder === loading) toastHolder = undefined;
    });
    toastHolder = loading;
  }
  return toastHolder;
}

function toast(kind: 'error' | 'success', content: string): void {
  // Identical texts share one toast (its key): parallel failures of the same kind never stack up.
  loadToastHolder().then(
    ({ api }) => void api[kind]({ content, key: `${kind}:${content}` }),
    () => undefined,
  );
}

/** A failure's toast; it stays on screen across a navigation. */
export function showErrorToast(content: string): void {
  toast('error', content);
}

export function showSuccessToast(content: string): void {
  toast('success', content);
}

/**
 * Takes the toasts and their holder off the page; the next toast mounts a new one. Tests call it
 * after each case: the holder outlives every tree they render.
 */
/**
 * For tests: waits until a holder being fetched or mounted is on the page (or has failed). A test
 * awaits it outside `act()`: inside, React holds the holder's render until the callback ends.
 */
export async function toastHolderSettled(): Promise<void> {
  await toastHolder?.then(
    () => undefined,
    () => undefined,
  );
}

export async function removeToasts(): Promise<void> {
  const holder = toastHolder;
  toastHolder = undefined;
  if (holder) (await holder).remove();
}
