import { Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';

/**
 * A hint shown in Ant Design's tooltip over something that is not a control (a tag). The
 * tooltip mounts when the pointer first reaches it, open: a list of many rows builds none
 * until then (each costs a component tree and, the first, Ant Design's tooltip styles).
 */
export function HintTooltip({ title, children }: { title: ReactNode; children: ReactNode }) {
  const [armed, setArmed] = useState(false);
  if (!armed) return <span onPointerEnter={() => setArmed(true)}>{children}</span>;
  return (
    <Tooltip title={title} defaultOpen>
      <span>{children}</span>
    </Tooltip>
  );
}
