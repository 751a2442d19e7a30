import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type ComponentModule<Props> = { default: ComponentType<Props> };

/**
 * Wraps a loader of a component built with Ant Design so that it resolves the component together
 * with Ant Design's providers (theme, locale, CSP nonce, the `App` context: app/providers.tsx),
 * rendered inside them. The plain pieces around it load neither. The providers come by a lazy
 * `import()`, the one way shared/ may reach app/ (docs/conventions.md).
 */
export function withAntdProviders<Props extends object>(
  load: () => Promise<ComponentModule<Props>>,
): () => Promise<ComponentModule<Props>> {
  return () =>
    Promise.all([load(), import('../../app/providers.tsx')]).then(
      ([{ default: Component }, { AntdProviders }]) => ({
        default: function WithAntdProviders(props: Props) {
          return (
            <AntdProviders>
              <Component {...props} />
            </AntdProviders>
          );
        },
      }),
    );
}

/**
 * A lazily loaded piece of a plain screen that is built with Ant Design (a drawer, a dialog, a
 * tour), fetched with the providers it needs and rendered inside them:
 *
 *     const MenuDrawer = lazyWithAntd(() =>
 *       import('./menu-drawer.tsx').then((module) => ({ default: module.MenuDrawer })),
 *     );
 *
 * Render it in a `<Suspense>`, and only once it is needed (first opened), so that the plain
 * screen's first load fetches no Ant Design.
 */
export function lazyWithAntd<Props extends object>(
  load: () => Promise<ComponentModule<Props>>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(withAntdProviders(load));
}
