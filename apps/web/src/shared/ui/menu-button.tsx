import {
  useEffect,
  useId,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import styles from './menu-button.module.css';

export interface MenuButtonItem {
  key: string;
  label: string;
  icon?: ReactNode;
  /** A destructive action (signing out): drawn in red. */
  danger?: boolean;
  /** Given on items that choose one of a set (menuitemradio): whether this one is chosen. */
  checked?: boolean;
}

/** A line between groups of items. */
export const MENU_DIVIDER = 'divider';

export type MenuButtonEntry = MenuButtonItem | typeof MENU_DIVIDER;

type TriggerProps = Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'onClick' | 'onKeyDown' | 'onSelect' | 'children'
>;

interface MenuButtonProps extends TriggerProps {
  items: readonly MenuButtonEntry[];
  onSelect: (key: string) => void;
  /** What the trigger shows. */
  children: ReactNode;
}

/** Where the focus lands on opening: the chosen value of a choice (else the first item), or the last. */
type Edge = 'first' | 'last';

function itemsOf(menu: HTMLElement | null): HTMLElement[] {
  return [...(menu?.querySelectorAll<HTMLElement>('[data-item]') ?? [])];
}

function focusEdge(menu: HTMLElement | null, edge: Edge) {
  const all = itemsOf(menu);
  const checked = all.find((item) => item.getAttribute('aria-checked') === 'true');
  (edge === 'first' ? (checked ?? all[0]) : all.at(-1))?.focus();
}

/**
 * A button that opens a menu below it, aligned to its right edge, drawn as Ant Design's dropdown
 * without Ant Design (the console's header is in every first screen). The WAI-ARIA menu button:
 * a click, Enter, Space or ArrowDown opens it on the first item (on a choice among values, on the
 * chosen one, as a select does), ArrowUp on the last; the arrows,
 * Home and End move round the items; Enter or Space chooses; Escape closes it back to the button;
 * Tab and a click outside close it.
 */
export function MenuButton({ items, onSelect, children, className, ...trigger }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const focusOnOpen = useRef<Edge>('first');
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const buttonId = useId();

  useEffect(() => {
    if (!open) return;
    focusEdge(menu.current, focusOnOpen.current);
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const openAt = (edge: Edge) => {
    focusOnOpen.current = edge;
    if (open) focusEdge(menu.current, edge);
    else setOpen(true);
  };
  const closeToButton = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choose = (key: string) => {
    // Back on the button first, so a dialog the choice opens returns the focus there.
    closeToButton();
    onSelect(key);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    openAt(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = itemsOf(menu.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return moveTo(at + 1);
      case 'ArrowUp':
        return moveTo(at < 0 ? -1 : at - 1);
      case 'Home':
        return moveTo(0);
      case 'End':
        return moveTo(-1);
      case 'Enter':
      case ' ': {
        event.preventDefault();
        const key = all[at]?.dataset.item;
        if (key !== undefined) choose(key);
        return;
      }
      case 'Escape':
        event.preventDefault();
        return closeToButton();
      case 'Tab':
        // Not prevented: the browser moves on from the button, as if the menu had not been open.
        return closeToButton();
    }
  };

  return (
    <div className={styles.root} ref={root}>
      <button
        {...trigger}
        ref={button}
        id={buttonId}
        type="button"
        className={className}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? setOpen(false) : openAt('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {children}
      </button>
      <div
        ref={menu}
        id={menuId}
        role="menu"
        aria-labelledby={buttonId}
        // A popup over the page, for the layout checks (e2e/support/layout-checks.ts).
        data-popup=""
        className={styles.menu}
        hidden={!open}
        onKeyDown={onMenuKeyDown}
      >
        {items.map((item, index) =>
          item === MENU_DIVIDER ? (
            <div key={`divider-${index}`} role="separator" className={styles.divider} />
          ) : (
            <div
              key={item.key}
              data-item={item.key}
              role={item.checked === undefined ? 'menuitem' : 'menuitemradio'}
              aria-checked={item.checked}
              tabIndex={-1}
              className={item.danger ? `${styles.item} ${styles.danger}` : styles.item}
              onClick={() => choose(item.key)}
            >
              {item.icon && <span className={styles.icon}>{item.icon}</span>}
              {item.label}
            </div>
          ),
        )}
      </div>
    </div>
  );
}
