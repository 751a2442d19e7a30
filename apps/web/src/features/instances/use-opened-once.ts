import { useState } from 'react';

/**
 * Whether a dialog has been opened at least once: closed dialogs are left out of the page's first
 * render (each antd Modal or Drawer costs a phone tens of milliseconds of style work even while
 * hidden), and once opened they stay mounted so their closing animation still plays.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Set during render, React's pattern for state derived from a prop: no extra commit.
  if (open && !opened) setOpened(true);
  return open || opened;
}
