import { CellCopyButton } from './cell-copy-button.tsx';

/** A value in monospace with a copy button beside it. */
export function CopyableCode({ text, label }: { text: string; label?: string }) {
  return (
    <span>
      <code>{text}</code>
      <CellCopyButton text={text} label={label} />
    </span>
  );
}
