import { Outlet } from 'react-router';
import { AntdProviders } from './providers.tsx';

/**
 * The layout route of every page built with Ant Design. The router loads it together with the
 * console's part of the language (loadConsoleLanguage), so Ant Design, its texts and the console's
 * messages are fetched with the first such page and never by the portal.
 */
export default function AntdShell() {
  return (
    <AntdProviders>
      <Outlet />
    </AntdProviders>
  );
}
