import { InboxOutlined } from '@ant-design/icons';
import { Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A CSV file read in the browser: its text is the form field's value (the import's body carries
 * it), so nothing is uploaded by the component itself.
 */
export function CsvFilePicker({
  value,
  onChange,
}: {
  value?: string;
  onChange?: (text: string) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState<string | null>(null);
  const lines = (value ?? '').split(/\r\n|\n|\r/).filter((line) => line.trim()).length;
  return (
    <Upload.Dragger
      accept=".csv,text/csv"
      maxCount={1}
      showUploadList={false}
      beforeUpload={(file) => {
        void file.text().then((text) => {
          setName(file.name);
          onChange?.(text);
        });
        return false;
      }}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">
        {name && value !== undefined
          ? t('adminInventory.import.csv.loaded', { name, lines })
          : t('adminInventory.import.csv.drop')}
      </p>
    </Upload.Dragger>
  );
}
