import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';

const MASK = '••••••••';

/** A password shown masked until revealed; copying never needs revealing. */
export function PasswordCell({ password }: { password: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const label = shown ? t('instances.list.hidePassword') : t('instances.list.showPassword');
  return (
    <span>
      <code data-testid="password-value">{shown ? password : MASK}</code>
      <Tooltip title={label}>
        <Button
          type="text"
          aria-label={label}
          icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={() => setShown(!shown)}
        />
      </Tooltip>
      <CopyButton text={password} label={t('instances.list.copyPassword')} />
    </span>
  );
}
