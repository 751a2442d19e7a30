import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './folded-filters.module.css';
import { useCompactLayout } from './use-compact-layout.ts';

/**
 * A list's filters: beside the list on a wide screen; on a phone folded behind one button (with
 * how many are set), so the list itself stands in the first screen.
 */
export function FoldedFilters({ active, children }: { active: number; children: ReactNode }) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  const [open, setOpen] = useState(false);
  if (!compact) return <>{children}</>;
  return (
    <div className={styles.folded}>
      <Badge count={active} size="small">
        <Button icon={<FilterOutlined />} aria-expanded={open} onClick={() => setOpen(!open)}>
          {t('common.filters')}
        </Button>
      </Badge>
      {open && <div className={styles.panel}>{children}</div>}
    </div>
  );
}
