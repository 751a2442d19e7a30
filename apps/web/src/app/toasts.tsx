import { message } from 'antd';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { AntdConfig } from './providers.tsx';

/** Ant Design's message API as `message.useMessage()` hands it out. */
export type ToastApi = ReturnType<typeof message.useMessage>[0];

export interface ToastHolder {
  api: ToastApi;
  /** Takes the holder and its toasts off the page at once. */
  remove(): void;
}

function Holder({ onReady }: { onReady: (api: ToastApi) => void }) {
  const [api, holder] = message.useMessage();
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}

/**
 * Mounts the toasts' holder in a React root of its own, in our configuration (theme, locale, CSP
 * nonce), and answers its API once it is there. Not a page's `App`: a toast outlives the page that
 * raised it (a failed request, then a navigation), and every page shares the one holder, so a
 * toast's `key` finds it whichever page shows the same text again.
 */
export function mountToastHolder(): Promise<ToastHolder> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const remove = () => {
    root.unmount();
    container.remove();
  };
  return new Promise((resolve) => {
    const onReady = (api: ToastApi) => resolve({ api, remove });
    root.render(
      <AntdConfig>
        <Holder onReady={onReady} />
      </AntdConfig>,
    );
  });
}
