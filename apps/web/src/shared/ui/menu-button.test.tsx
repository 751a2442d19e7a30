import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MENU_DIVIDER, MenuButton, type MenuButtonEntry } from './menu-button.tsx';

const accountItems: MenuButtonEntry[] = [
  { key: 'profile', label: 'Profile' },
  { key: 'password', label: 'Password' },
  MENU_DIVIDER,
  { key: 'logout', label: 'Sign out', danger: true },
];

function renderMenu(items: MenuButtonEntry[] = accountItems) {
  const onSelect = vi.fn<(key: string) => void>();
  render(
    <>
      <MenuButton items={items} onSelect={onSelect} data-testid="trigger">
        Account
      </MenuButton>
      <button type="button">After</button>
    </>,
  );
  return { onSelect, trigger: screen.getByRole('button', { name: 'Account' }) };
}

const item = (name: string) => screen.getByRole('menuitem', { name });

describe('MenuButton', () => {
  it('names its menu with aria-haspopup, aria-expanded and aria-controls', async () => {
    const { trigger } = renderMenu();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveAttribute('data-testid', 'trigger');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await userEvent.click(trigger);
    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', menu.id);
    expect(screen.getAllByRole('menuitem').map((entry) => entry.textContent)).toEqual([
      'Profile',
      'Password',
      'Sign out',
    ]);
    expect(screen.getByRole('separator')).toBeInTheDocument();
    expect(item('Profile')).toHaveFocus();
  });

  it('opens on ArrowDown at the first item and on ArrowUp at the last', async () => {
    const { trigger } = renderMenu();
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(item('Profile')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await userEvent.keyboard('{ArrowUp}');
    expect(item('Sign out')).toHaveFocus();
  });

  it('moves with the arrows round the ends, and to them with Home and End', async () => {
    const { trigger } = renderMenu();
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(item('Profile')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(item('Password')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(item('Sign out')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(item('Profile')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(item('Sign out')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(item('Profile')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(item('Sign out')).toHaveFocus();
  });

  it('chooses with Enter or Space, closing back to the button', async () => {
    const { trigger, onSelect } = renderMenu();
    trigger.focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('password');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await userEvent.keyboard('{ArrowUp} ');
    expect(onSelect).toHaveBeenLastCalledWith('logout');
    expect(onSelect).toHaveBeenCalledTimes(2);
    expect(trigger).toHaveFocus();
  });

  it('chooses by click, and closes without choosing on Tab, a click outside or the button', async () => {
    const { trigger, onSelect } = renderMenu();
    await userEvent.click(trigger);
    await userEvent.click(item('Profile'));
    expect(onSelect).toHaveBeenCalledWith('profile');

    await userEvent.click(trigger);
    await userEvent.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();

    await userEvent.click(trigger);
    await userEvent.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await userEvent.click(trigger);
    await userEvent.click(trigger);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('draws a choice among values as radio items that say which is checked', async () => {
    const { trigger } = renderMenu([
      { key: 'zh-CN', label: '中文', checked: false },
      { key: 'en-US', label: 'English', checked: true },
    ]);
    await userEvent.click(trigger);
    // Opened on the chosen value, as a select is.
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveFocus();
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('menuitemradio', { name: '中文', checked: false })).toBeVisible();
  });
});
