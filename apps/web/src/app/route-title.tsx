import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../locales/index.ts';
import { useDocumentTitle } from '../shared/ui/use-document-title.ts';

/**
 * The route table's title as the tab's title, for pages outside the console layout (which keeps
 * its own in step with its routes).
 */
export function RouteTitle({ title }: { title: MessageKey }) {
  const { t } = useTranslation();
  useDocumentTitle(t(title));
  return null;
}
