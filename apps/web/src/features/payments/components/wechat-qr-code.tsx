import { DownloadOutlined, WechatFilled } from '@ant-design/icons';
import { Button, Grid, QRCode, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './wechat-qr-code.module.css';

interface WechatQrCodeProps {
  /** WeChat Pay's `code_url`: the QR code's text. */
  codeUrl: string;
  /** The payment number, in the saved image's file name. */
  paymentNo: string;
}

/**
 * WeChat Pay Native's QR code. On a desktop the buyer scans it with WeChat on their phone; on a
 * phone (below `lg`) it cannot scan its own screen, so the code is shown large with a button
 * that saves it as an image, to scan from the album in WeChat.
 */
export function WechatQrCode({ codeUrl, paymentNo }: WechatQrCodeProps) {
  const { t } = useTranslation();
  const phone = Grid.useBreakpoint().lg === false;
  const frame = useRef<HTMLDivElement>(null);

  const saveImage = () => {
    const canvas = frame.current?.querySelector('canvas');
    if (!canvas) return;
    const link = document.createElement('a');
    link.href = canvas.toDataURL('image/png');
    link.download = `wechat-pay-${paymentNo}.png`;
    link.click();
  };

  return (
    <div className={styles.box} data-testid="wechat-qr">
      <div ref={frame} className={styles.frame}>
        <QRCode
          value={codeUrl}
          size={phone ? 260 : 200}
          type="canvas"
          bordered={false}
          color="#111827"
          bgColor="#ffffff"
        />
      </div>
      <Typography.Text className={styles.instruction}>
        <WechatFilled className={styles.wechatIcon} />
        {t(phone ? 'payments.wechat.scanFromAlbum' : 'payments.wechat.scan')}
      </Typography.Text>
      {phone ? (
        <Button type="primary" size="large" icon={<DownloadOutlined />} onClick={saveImage} block>
          {t('payments.wechat.saveImage')}
        </Button>
      ) : (
        <Typography.Text type="secondary" className={styles.hint}>
          {t('payments.wechat.autoRefresh')}
        </Typography.Text>
      )}
    </div>
  );
}
