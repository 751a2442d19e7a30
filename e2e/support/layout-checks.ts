import type { Page } from 'playwright-core';

/** One thing on a page that a person on that screen could not read or reach. */
export interface LayoutProblem {
  kind:
    | 'page-overflow'
    | 'out-of-reach'
    | 'covered'
    | 'small-target'
    | 'wrapped-per-character'
    | 'broken-word'
    | 'spills-out-of-cell'
    | 'clipped-chart-label'
    | 'truncated-label'
    | 'truncated-money';
  /** A short description of the element: tag, label or text, and where it is. */
  what: string;
}

/** Interactive elements checked per page; a long table repeats the same controls. */
const MAX_CONTROLS = 160;

/**
 * The window widths where people touch rather than point: the web app's compact layout (below
 * Ant Design's `lg`), where every control is sized for a finger.
 */
const TOUCH_LAYOUT_QUERY = '(max-width: 991.98px)';

/** The smallest hit box a finger can be sure of, in CSS pixels (Apple's and Google's 44 pt). */
const TOUCH_TARGET_PX = 44;

/**
 * Looks at the page as it is on screen and names what a person could not use:
 * - `page-overflow`: the document is wider than the window (the page scrolls sideways);
 * - `out-of-reach`: a visible control that scrolling it into view still leaves outside the window
 *   (clipped by an ancestor that does not scroll, or off the side of the page);
 * - `covered`: a control whose centre, once scrolled into view, belongs to another element
 *   (a fixed bar, a sibling laid over it), at every scroll position of its table row when a
 *   sticky column lies over it; while a modal dialog is open only its controls count,
 *   and an open menu or popover covering the page is no problem;
 * - `small-target`: on a touch layout (narrower than `lg`), a control whose hit box is less than
 *   44×44 px. The hit box is what a tap lands on, measured with `elementFromPoint` outward from
 *   the control's centre along both axes, so an invisible overlay (a `::after` grown around a
 *   small icon) or a wrapping label (a checkbox's row) counts, and a neighbour lying over part of
 *   it does not. Not counted, as WCAG 2.5.8 allows: a link inside running text (its height is
 *   the line's) and a disabled control (nothing to tap). A hidden input (a checkbox, a radio, a
 *   segmented option) is measured by the label that wraps it and receives its taps;
 * - `wrapped-per-character`: text of three or more characters broken onto lines of one or two
 *   characters each (a label or an amount squeezed into a column too narrow for it);
 * - `broken-word`: a word, number, date or amount split across two lines (`Quarantine|d`,
 *   `2026-11-|25`), or a short Chinese label broken inside (`近30天流|量`); code and text set to
 *   break anywhere (connection strings, long links) may wrap where they must;
 * - `spills-out-of-cell`: a table cell whose content is wider than the cell and lies over its
 *   neighbour or under the table's edge (a tag over the next column's text);
 * - `clipped-chart-label`: a chart's axis label cut by the edge of its drawing;
 * - `truncated-label`: a control's label or a card's title cut short with an ellipsis
 *   ("ISP reside…" in a segmented control, "Dynamic proxy acco…" beside a button); a table
 *   cell may shorten its text (it shows it whole on hover), a label may not.
 * - `truncated-money`: an amount ("-¥1500.00") cut short anywhere, even in a table cell: the
 *   element whose text is the amount, or the nearest ancestor that clips it, holds less than its
 *   text's width ("-¥15…").
 * Scrolls the page and its scroll containers while it looks; call it last on a page state.
 */
export async function findLayoutProblems(page: Page): Promise<LayoutProblem[]> {
  const settings = {
    maxControls: MAX_CONTROLS,
    touchLayoutQuery: TOUCH_LAYOUT_QUERY,
    touchTargetPx: TOUCH_TARGET_PX,
  };
  return page.evaluate(({ maxControls, touchLayoutQuery, touchTargetPx }) => {
    const problems: { kind: LayoutProblem['kind']; what: string }[] = [];
    const viewportWidth = window.innerWidth;
    const viewportHeight = window.innerHeight;
    const touchLayout = window.matchMedia(touchLayoutQuery).matches;

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
      problems.push({
        kind: 'page-overflow',
        what: `${describe(element)} past the window's side`,
      });
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

    // A floating popup (a menu, a select's list, a popover) lies over the page where the person
    // has just opened it: what it hides is not out of their reach. `data-popup` marks our plain
    // ones (shared/ui/menu-button.tsx).
    const popup =
      '.ant-dropdown, .ant-select-dropdown, .ant-picker-dropdown, .ant-popover, .ant-tooltip, [data-popup]';
    // An open modal dialog (Ant Design's modals and drawers are `aria-modal`) puts the page
    // behind its mask on purpose: then only the topmost dialog and the popups count. Dialogs
    // render into portals appended in the order they open, so the last shown one is on top.
    const dialog = Array.from(document.querySelectorAll('[aria-modal="true"]'))
      .filter(isShown)
      .at(-1);
    // Wrappers that pass a tap on to the control inside them: a label to its input (a checkbox's
    // or a segmented option's row), a select or picker box to its search input, a tab's padded
    // box to its button (Ant Design listens on the box).
    const tapForwarder =
      'label, .ant-select, .ant-picker, .ant-input-number, .ant-input-affix-wrapper, .ant-segmented-item, .ant-tabs-tab';
    /** Whether `control` owes a finger a touch-sized target (see the exceptions above). */
    const owesTouchSize = (control: Element): boolean => {
      if (control.matches(':disabled, [aria-disabled="true"]')) return false;
      if (!control.matches('a:not(.ant-btn), [role="link"]')) return true;
      // A link in a sentence: the block it stands in says more than the link does.
      let block = control.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline'))
        block = block.parentElement;
      const own = (control.textContent ?? '').trim().length;
      return !block || (block.textContent ?? '').trim().length <= own;
    };
    /**
     * The width and height of what a tap on `control` lands on, along the lines through its
     * centre, at most 44 px each way (0×0 when its centre lands on something else).
     */
    const hitBoxOf = (control: Element): { width: number; height: number } => {
      const forwarder = control.closest(tapForwarder);
      const owns = (x: number, y: number) => {
        const hit = document.elementFromPoint(x, y);
        if (!hit) return false;
        // An open popup lies over the page for a moment only: the control is whole beneath it.
        if (hit.closest(popup) && !control.closest(popup)) return true;
        return control.contains(hit) || (forwarder?.contains(hit) ?? false);
      };
      const box = control.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (!owns(x, y)) return { width: 0, height: 0 };
      // Pixels that still land on the control going one way from the centre (enough is enough).
      const reach = (stepX: number, stepY: number) => {
        let steps = 0;
        while (steps < touchTargetPx && owns(x + stepX * (steps + 1), y + stepY * (steps + 1)))
          steps += 1;
        return steps;
      };
      return {
        width: Math.min(reach(-1, 0) + 1 + reach(1, 0), touchTargetPx),
        height: Math.min(reach(0, -1) + 1 + reach(0, 1), touchTargetPx),
      };
    };

    /**
     * In a narrow table a control may stand at the edge of the scrolling area or partly under a
     * sticky column: a person scrolls the row until a finger's width around it is in open view,
     * and so does this.
     */
    const moveIntoOpenView = (control: Element) => {
      const row = control.closest('tr');
      const scroller = control.closest('.ant-table-content, .ant-table-body');
      if (!row || !scroller || control.closest('.ant-table-cell-fix')) return;
      const box = control.getBoundingClientRect();
      const centre = box.left + box.width / 2;
      const view = scroller.getBoundingClientRect();
      let left = view.left;
      let right = view.right;
      for (const cell of Array.from(row.querySelectorAll('.ant-table-cell-fix'))) {
        const edge = cell.getBoundingClientRect();
        if (edge.right <= centre) left = Math.max(left, edge.right);
        else if (edge.left >= centre) right = Math.min(right, edge.left);
      }
      const reach = touchTargetPx / 2;
      const wanted = Math.min(Math.max(centre, left + reach), right - reach);
      scroller.scrollLeft += centre - wanted;
    };

    const controls = Array.from(
      document.querySelectorAll(
        'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="menuitem"], [role="switch"], [role="link"], [tabindex="0"]',
      ),
    )
      .filter(isShown)
      .filter((control) => !dialog || dialog.contains(control) || control.closest(popup))
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
      const centreOf = () => {
        const box = control.getBoundingClientRect();
        return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      };
      let hit = document.elementFromPoint(x, y);
      // A table's sticky (fixed) column lies over the middle of its narrow scroll area on a
      // phone; a person scrolls the row until the control stands clear of it, at either end.
      for (const inline of ['end', 'start'] as const) {
        if (sameControl(control, hit) || !hit?.closest('.ant-table-cell-fix')) break;
        control.scrollIntoView({ block: 'center', inline });
        hit = centreOf();
      }
      // A control inside a scroll container may be clipped by it: the hit is then the container.
      const underPopup = hit?.closest(popup) && !control.closest(popup);
      if (!sameControl(control, hit) && !underPopup) {
        problems.push({
          kind: 'covered',
          what: `${describe(control)} under ${hit ? describe(hit) : 'nothing'}`,
        });
        continue;
      }
      // Under an open popup the control waits for the popup to close: its size is its own then.
      if (underPopup || !touchLayout || !owesTouchSize(control)) continue;
      moveIntoOpenView(control);
      const hitBox = hitBoxOf(control);
      // A pixel's grace for the rounding of fractional layouts.
      if (hitBox.width < touchTargetPx - 1 || hitBox.height < touchTargetPx - 1) {
        problems.push({
          kind: 'small-target',
          what: `${describe(control)} taps as ${hitBox.width}×${hitBox.height}`,
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

    // Words a line break may not split: Latin words (a hyphen is a fair place to break), and
    // any run with a digit in it — a date, an amount, an address — which must stay whole.
    const wordPattern = /[\p{L}\p{N}][\p{L}\p{N}.,:%¥$@/+-]*[\p{L}\p{N}%]/gu;
    const han = /\p{Script=Han}/u;
    const breaksAnywhere = (element: Element) => {
      if (element.closest('code, pre, kbd, samp, textarea, svg')) return true;
      const style = getComputedStyle(element);
      return style.wordBreak === 'break-all' || style.overflowWrap === 'anywhere';
    };
    const lineCount = (range: Range) => {
      const tops = new Set<number>();
      for (const rect of Array.from(range.getClientRects()))
        if (rect.width >= 1) tops.add(Math.round(rect.top));
      return tops.size;
    };
    const wordWalker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let brokenWords = 0;
    for (let node = wordWalker.nextNode(); node; node = wordWalker.nextNode()) {
      if (brokenWords >= 10) break;
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (text.trim().length < 2 || !parent || !isShown(parent) || breaksAnywhere(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if (lineCount(range) < 2) continue;
      const broken: string[] = [];
      const trimmed = text.trim();
      // A short Chinese label (a column title, a tag) reads as one word.
      if (han.test(trimmed) && !/\s/.test(trimmed) && trimmed.length <= 8) broken.push(trimmed);
      for (const match of text.matchAll(wordPattern)) {
        const word = match[0];
        const pieces = /\d/.test(word) ? [{ word, at: match.index }] : [];
        // Letters only: each part between hyphens is a word of its own.
        if (pieces.length === 0) {
          let at = match.index;
          for (const part of word.split('-')) {
            pieces.push({ word: part, at });
            at += part.length + 1;
          }
        }
        for (const piece of pieces) {
          // An identifier longer than a narrow column (a UUID, an email) has to wrap somewhere.
          const identifier = piece.word.length > 24 || piece.word.includes('@');
          if (piece.word.length < 2 || identifier || han.test(piece.word)) continue;
          const wordRange = document.createRange();
          wordRange.setStart(node, piece.at);
          wordRange.setEnd(node, piece.at + piece.word.length);
          if (lineCount(wordRange) > 1) broken.push(piece.word);
        }
      }
      for (const word of broken.slice(0, 2)) {
        brokenWords += 1;
        problems.push({
          kind: 'broken-word',
          what: `"${word}" split across lines in ${describe(parent)}`,
        });
      }
    }

    // A cell's content wider than the cell: with overflow visible it lies over the next cell.
    // Measured on the cell's contents (a range), not its scroll width, which a sticky column's
    // shadow (a pseudo-element) widens too.
    let spilling = 0;
    for (const cell of Array.from(document.querySelectorAll('td, th'))) {
      if (spilling >= 10) break;
      if (!isShown(cell)) continue;
      const style = getComputedStyle(cell);
      if (style.overflowX !== 'visible' || style.textOverflow === 'ellipsis') continue;
      const contents = document.createRange();
      contents.selectNodeContents(cell);
      const inner = contents.getBoundingClientRect();
      const box = cell.getBoundingClientRect();
      if (inner.width < 1 || (inner.left >= box.left - 1 && inner.right <= box.right + 1)) continue;
      spilling += 1;
      problems.push({
        kind: 'spills-out-of-cell',
        what: `${describe(cell)} holds ${Math.round(inner.width)}px in ${Math.round(box.width)}px`,
      });
    }

    const labels =
      '.ant-segmented-item-label, .ant-card-head-title, [data-card-title], .ant-tabs-tab-btn, .ant-btn > span, .ant-modal-title, .ant-drawer-title';
    for (const label of Array.from(document.querySelectorAll(labels))) {
      if (!isShown(label) || label.scrollWidth <= label.clientWidth + 1) continue;
      if (getComputedStyle(label).textOverflow !== 'ellipsis') continue;
      problems.push({ kind: 'truncated-label', what: describe(label) });
    }

    // Money is never cut short: every element whose own text is an amount, and each ancestor up
    // to its cell or card, shows the amount's whole width.
    const money = /^[+-]?¥\s?[\d,]+(\.\d{1,2})?$/;
    for (const element of Array.from(document.querySelectorAll('span, td, div, dd, strong'))) {
      const text = (element.textContent ?? '').trim();
      if (!money.test(text) || element.children.length > 0 || !isShown(element)) continue;
      const contents = document.createRange();
      contents.selectNodeContents(element);
      const needed = contents.getBoundingClientRect().width;
      let clipper: Element | null = element;
      while (clipper && clipper !== document.body) {
        const style = getComputedStyle(clipper);
        const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
        if (clips && clipper.getBoundingClientRect().width + 1 < needed) {
          problems.push({ kind: 'truncated-money', what: describe(element) });
          break;
        }
        if (clipper.matches('td, th, li, .ant-card')) break;
        clipper = clipper.parentElement;
      }
    }

    // An SVG clips what it draws past its edges: an axis label there is cut in half.
    for (const label of Array.from(document.querySelectorAll('svg text'))) {
      const svg = label.closest('svg');
      if (!svg || !isShown(label) || !(label.textContent ?? '').trim()) continue;
      const box = label.getBoundingClientRect();
      const frame = svg.getBoundingClientRect();
      if (box.left >= frame.left - 1 && box.right <= frame.right + 1) continue;
      problems.push({
        kind: 'clipped-chart-label',
        what: `${describe(label)} past its chart's side`,
      });
    }
    return problems;
  }, settings);
}

/** The problems as lines a failing assertion prints. */
export function formatLayoutProblems(where: string, problems: LayoutProblem[]): string[] {
  return problems.map((problem) => `${where}: ${problem.kind}: ${problem.what}`);
}
