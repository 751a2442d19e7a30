import type { AnnouncementSeverity } from '@stratus/contract';
import type { ReactNode } from 'react';
import {
  CloseCircleFilled,
  CloseOutlined,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '../../../shared/ui/plain-icons.tsx';
import { TOUCH_TARGET } from '../../../shared/ui/touch-target.ts';
import { severityAlertType } from '../severity.ts';
import styles from './announcement-alert.module.css';

const icons = {
  info: InfoCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
} as const;

interface AnnouncementAlertProps {
  severity: AnnouncementSeverity;
  title: ReactNode;
  description?: ReactNode;
  /** A close button with this accessible name, when the alert can be dismissed. */
  close?: { label: string; onClose: () => void };
  /** Full width above a page: no border, as Ant Design's `banner` alert. */
  banner?: boolean;
  className?: string;
  'data-testid'?: string;
}

/**
 * One announcement drawn like Ant Design's alert with its icon (the colours of its info, warning
 * and error types), as plain elements: the console's frame and the overview load none of Ant
 * Design for it. An `alert` to assistive technology, as Ant Design's was.
 */
export function AnnouncementAlert({
  severity,
  title,
  description,
  close,
  banner,
  className,
  ...rest
}: AnnouncementAlertProps) {
  const type = severityAlertType[severity];
  const Icon = icons[type];
  const classes = [
    styles.alert,
    styles[type],
    description ? styles.withDescription : '',
    banner ? styles.banner : '',
    className ?? '',
  ];
  return (
    <div
      role="alert"
      className={classes.filter(Boolean).join(' ')}
      data-severity={severity}
      {...rest}
    >
      <Icon className={styles.icon} />
      <div className={styles.section}>
        <div className={styles.title}>{title}</div>
        {description && <div className={styles.description}>{description}</div>}
      </div>
      {close && (
        <button
          type="button"
          className={`${styles.close} ${TOUCH_TARGET}`}
          aria-label={close.label}
          onClick={close.onClose}
        >
          <CloseOutlined />
        </button>
      )}
    </div>
  );
}
