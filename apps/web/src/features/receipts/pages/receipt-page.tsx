import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/http/api-error.ts';
import { PageFallback } from '../../../shared/ui/page-fallback.tsx';
import { isReceiptKind, useReceipt } from '../api.ts';
import { ReceiptDocument } from '../components/receipt-document.tsx';
import styles from './receipt-page.module.css';

/**
 * The receipt of a paid top-up or order, printable: the browser's print (Save as PDF) gives one
 * A4 page without the console's frame or these buttons.
 */
export default function ReceiptPage() {
  const { kind = '', id = '' } = useParams();
  return isReceiptKind(kind) ? <Receipt kind={kind} id={id} /> : <Missing />;
}

function Missing({ message }: { message?: string }) {
  const { t } = useTranslation();
  return <Result status="404" title={t('receipts.missing.title')} subTitle={message} />;
}

function Receipt({ kind, id }: { kind: 'topup' | 'order'; id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const receipt = useReceipt(kind, id);
  if (receipt.isError) {
    const missing = isApiError(receipt.error) && [400, 404].includes(receipt.error.status);
    if (missing) return <Missing message={receipt.error.message} />;
    return <Result status="error" title={receipt.error.message} />;
  }
  if (!receipt.data) return <PageFallback />;
  return (
    <>
      <div className={styles.actions}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)}>
          {t('receipts.back')}
        </Button>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('receipts.print')}
        </Button>
      </div>
      <ReceiptDocument receipt={receipt.data} />
    </>
  );
}
