import type { Page } from 'playwright-core';

/** One thing on a page that a person on that screen could not read or reach. */
export interface LayoutProblem {
  kind: 'page-overflow' | 'out-of-reach' | 'covered' | 'wrapped-per-character';
  /** A short description of the element: tag, label or text, and where it is. */
  what: string;
}

/** Interactive elements checked per page; a long table repeats the same controls. */
const MAX_CONTROLS = 160;

/**
 * Looks at the page as it is on screen and names what a person could not use:
 * - `page-overflow`: the document is wider than the window (the page scrolls sideways);
 * - `out-of-reach`: a visible control that scrolling it into view still leaves outside the window
 *   (clipped by an ancestor that does not scroll, or off the side of the page);
 * - `covered`: a control whose centre, once scrolled into view, belongs to another element
 *   (a fixed bar, a sibling laid over it); with a modal dialog open, only its own controls count;
 * - `wrapped-per-character`: text of three or more characters broken onto lines of one or two
 *   characters each (a label or an amount squeezed into a column too narrow for it).
 * Scrolls the page and its scroll containers while it looks; call it last on a page state.
 */
export async function findLayoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate((maxControls) => {
    const problems: { kind: LayoutProblem['kind']; what: string }[] = [];
    const viewportWidth = window.innerWidth;
    const viewportHeight = window.innerHeight;

    const describe = (element: Element): string => {
      const label =
        element.getAttribute('aria-label') ??
        element.getAttribute('title') ??
        (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const rect = element.getBoundingClientRect();
      const classes = Array.from(element.classList).slice(0, 2).join('.');
      return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${label}" at ${Math.round(rect.left)},${Math.round(rect.top)} ${Math.round(rect.width)}×${Math.round(rect.height)}`;
    };

    const isShown = (element: Element): boolean => {
      if (element.closest('[aria-hidden="true"], [inert], .ant-zoom-leave, .ant-slide-up-leave'))
        return false;
      const rect = element.getBoundingClientRect();
      if (rect.width < 1 || rect.height < 1) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none';
    };

    const pageWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    if (pageWidth > viewportWidth + 1) {
      problems.push({
        kind: 'page-overflow',
        what: `document is ${pageWidth}px wide in a ${viewportWidth}px window`,
      });
    }
    // An element past the window's side that no ancestor clips or scrolls is cut off even where
    // the document itself hides its overflow (so scrollWidth alone would not tell).
    const clipsSideways = (element: Element): boolean => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') {
          const box = up.getBoundingClientRect();
          return box.left >= -1 && box.right <= viewportWidth + 1;
        }
      }
      return false;
    };
    let sticking = 0;
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (sticking >= 5) break;
      const rect = element.getBoundingClientRect();
      if (rect.right <= viewportWidth + 1 && rect.left >= -1) continue;
      if (!isShown(element) || clipsSideways(element)) continue;
      // Only the outermost element past the edge: its children would repeat it.
      const parent = element.parentElement?.getBoundingClientRect();
      if (parent && (parent.right > viewportWidth + 1 || parent.left < -1)) continue;
      sticking += 1;
      problems.push({ kind: 'page-overflow', what: `${describe(element)} past the window's side` });
    }

    // What counts as the same control: the element the pointer lands on may be a part of it
    // (an icon in a button) or the widget around it (Ant Design's select around its input).
    const widget =
      'button, a, label, [role="button"], [role="tab"], [role="menuitem"], [role="switch"], .ant-select, .ant-picker, .ant-input-number, .ant-input-affix-wrapper, .ant-checkbox-wrapper, .ant-radio-wrapper, .ant-segmented-item, .ant-pagination-item, .ant-tag';
    const sameControl = (control: Element, hit: Element | null): boolean => {
      if (!hit) return false;
      if (control === hit || control.contains(hit) || hit.contains(control)) return true;
      const around = control.closest(widget);
      return around !== null && (around === hit || around.contains(hit));
    };

    // While a modal dialog (a modal, a drawer) is open, what lies behind it is out of use by
    // design, under its mask: only the topmost dialog's controls are the person's to reach.
    const dialogs = Array.from(
      document.querySelectorAll('[role="dialog"][aria-modal="true"]'),
    ).filter(isShown);
    const scope: ParentNode = dialogs.at(-1) ?? document;
    const controls = Array.from(
      scope.querySelectorAll(
        'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="menuitem"], [role="switch"], [role="link"], [tabindex="0"]',
      ),
    )
      .filter(isShown)
      .slice(0, maxControls);
    for (const control of controls) {
      control.scrollIntoView({ block: 'center', inline: 'center' });
      const rect = control.getBoundingClientRect();
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      if (x < 0 || x > viewportWidth || y < 0 || y > viewportHeight) {
        problems.push({ kind: 'out-of-reach', what: describe(control) });
        continue;
      }
      const hit = document.elementFromPoint(x, y);
      // A control inside a scroll container may be clipped by it: the hit is then the container.
      if (!sameControl(control, hit)) {
        problems.push({
          kind: 'covered',
          what: `${describe(control)} under ${hit ? describe(hit) : 'nothing'}`,
        });
      }
    }
    window.scrollTo(0, 0);

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      if (text.length < 3 || !node.parentElement || !isShown(node.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Map<number, number>();
      for (const rect of Array.from(range.getClientRects())) {
        if (rect.width < 1) continue;
        const top = Math.round(rect.top);
        lines.set(top, Math.max(lines.get(top) ?? 0, rect.width));
      }
      if (lines.size < 3) continue;
      const fontSize = parseFloat(getComputedStyle(node.parentElement).fontSize) || 14;
      // Every line at most about two characters wide: the text stands in a column of letters.
      if (Array.from(lines.values()).every((width) => width <= fontSize * 2.2)) {
        problems.push({
          kind: 'wrapped-per-character',
          what: `"${text.slice(0, 30)}" on ${lines.size} lines in ${describe(node.parentElement)}`,
        });
      }
    }
    return problems;
  }, MAX_CONTROLS);
}

/** The problems as lines a failing assertion prints. */
export function formatLayoutProblems(where: string, problems: LayoutProblem[]): string[] {
  return problems.map((problem) => `${where}: ${problem.kind}: ${problem.what}`);
}
