import { DownOutlined, ExportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useExportInstances } from '../api.ts';
import { LazyExportMenu, preloadExportMenu } from './lazy-ip-list-overlays.ts';
import { useArmed } from './use-armed.ts';

/**
 * Downloads the selected instances, or every active one when none is selected. The menu of
 * formats (Ant Design's Dropdown and Menu) is fetched when the button is first pointed at,
 * focused or pressed, and mounts open at the first press (use-armed.ts).
 */
export function ExportDropdown({ selectedIds }: { selectedIds: string[] }) {
  const { t } = useTranslation();
  const exportFile = useExportInstances();
  const { armed, arm, ref, element } = useArmed<HTMLButtonElement>();
  // Closed with Escape or by choosing an entry, the menu leaves the focus on the page's body and
  // a keyboard user would start again from the top: it goes back to the button instead.
  const onOpenChange = (open: boolean) => {
    if (open) return;
    requestAnimationFrame(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body || focused.closest('.ant-dropdown'))
        element.current?.focus();
    });
  };
  const button = (
    <Button
      ref={ref}
      icon={<ExportOutlined />}
      loading={exportFile.isPending}
      title={
        selectedIds.length
          ? t('instances.list.exportSelected', { count: selectedIds.length })
          : undefined
      }
      onClick={armed ? undefined : arm}
      onPointerEnter={preloadExportMenu}
      onFocus={preloadExportMenu}
    >
      {selectedIds.length
        ? t('instances.list.exportSelectedCount', { count: selectedIds.length })
        : t('instances.list.export')}{' '}
      <DownOutlined />
    </Button>
  );
  if (!armed) return button;
  return (
    <Suspense fallback={button}>
      <LazyExportMenu
        onOpenChange={onOpenChange}
        onChoose={({ type, base64 }) =>
          exportFile.mutate({
            type,
            base64,
            ids: selectedIds,
            fileName:
              type === 'csv'
                ? t('instances.list.exportCsvFileName')
                : t('instances.list.exportFileName', {
                    type: base64 ? `${type}-base64` : type,
                  }),
          })
        }
      >
        {button}
      </LazyExportMenu>
    </Suspense>
  );
}
