import { Button, type PopconfirmProps } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { LazyPopconfirm, preloadPopconfirm } from './lazy-popconfirm.ts';
import { useArmed } from './use-armed.ts';

type ConfirmProps = Pick<
  PopconfirmProps,
  'title' | 'description' | 'okText' | 'cancelText' | 'okButtonProps' | 'onConfirm'
>;

interface ArmedConfirmButtonProps {
  label: ReactNode;
  disabled?: boolean;
  loading?: boolean;
  /** The confirmation's texts and action. */
  confirm: ConfirmProps;
}

/**
 * A row's link button that asks first: Ant Design's Popconfirm is fetched when the button is
 * pointed at or focused and mounts, open, at the first click (use-armed.ts); until it has loaded
 * the button itself stands in.
 */
export function ArmedConfirmButton({ label, disabled, loading, confirm }: ArmedConfirmButtonProps) {
  const { armed, arm, ref } = useArmed<HTMLButtonElement>();
  const button = (
    <Button
      ref={ref}
      type="link"
      size="small"
      disabled={disabled}
      loading={loading}
      onClick={armed ? undefined : arm}
      onPointerEnter={preloadPopconfirm}
      onFocus={preloadPopconfirm}
    >
      {label}
    </Button>
  );
  if (!armed) return button;
  return (
    <Suspense fallback={button}>
      <LazyPopconfirm defaultOpen {...confirm}>
        {button}
      </LazyPopconfirm>
    </Suspense>
  );
}
