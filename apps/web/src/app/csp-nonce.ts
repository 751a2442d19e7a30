const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * The server writes a fresh nonce into `<meta name="csp-nonce">` per response; Ant Design puts it
 * on the style tags it injects so `style-src 'nonce-…'` admits them. The unreplaced placeholder
 * (Vite dev server) means there is no policy to satisfy.
 */
export function readCspNonce(): string | undefined {
  const content = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  return content && content !== NONCE_PLACEHOLDER ? content : undefined;
}

/**
 * A few helpers below Ant Design (scroll locking behind modals, scrollbar measuring) create
 * `<style>` tags without a way to pass the nonce. Only our own scripts run (`script-src 'self'`),
 * so stamping the nonce on every style element created through the DOM API keeps them working;
 * styles injected as markup still need the nonce and stay blocked.
 */
export function stampNonceOnCreatedStyles(nonce: string): void {
  const createElement = document.createElement.bind(document);
  document.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = createElement(tagName, options);
    if (tagName.toLowerCase() === 'style') element.setAttribute('nonce', nonce);
    return element;
  }) as typeof document.createElement;
}
