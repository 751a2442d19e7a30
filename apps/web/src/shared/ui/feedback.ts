import { message as staticMessage, type App } from 'antd';

type MessageApi = ReturnType<typeof App.useApp>['message'];

let boundMessageApi: MessageApi | null = null;

/**
 * Code outside React (the HTTP client) toasts through the `App` context's message API so toasts
 * follow the theme, the locale and the CSP nonce. `FeedbackBinder` registers it on mount.
 */
export function bindMessageApi(api: MessageApi | null): void {
  boundMessageApi = api;
}

function messageApi(): MessageApi {
  return boundMessageApi ?? staticMessage;
}

/** Identical texts share one toast: parallel failures of the same kind never stack up. */
export function showErrorToast(content: string): void {
  void messageApi().error({ content, key: `error:${content}` });
}

export function showSuccessToast(content: string): void {
  void messageApi().success({ content, key: `success:${content}` });
}
