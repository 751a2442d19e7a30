import { App } from 'antd';
import { useEffect } from 'react';
import { bindMessageApi } from '../shared/ui/feedback.ts';

/** Hands the App context's message API to code outside React (the HTTP client). */
export function FeedbackBinder() {
  const { message } = App.useApp();
  useEffect(() => {
    bindMessageApi(message);
    return () => bindMessageApi(null);
  }, [message]);
  return null;
}
