import { Typography } from 'antd';

interface RemarkEditorProps {
  remark: string;
  onSave: (value: string) => void;
  onCancel: () => void;
}

/** Ant Design's editable text, open on the remark (remark-cell.tsx loads it on the first edit). */
export function RemarkEditor({ remark, onSave, onCancel }: RemarkEditorProps) {
  return (
    <Typography.Text
      editable={{ editing: true, onChange: onSave, onCancel, maxLength: 200, text: remark }}
    >
      {remark}
    </Typography.Text>
  );
}
