import { CopyButton } from '../../../shared/ui/copy-button.tsx';

/** A value in monospace with a copy button beside it. */
export function CopyableCode({ text, label }: { text: string; label?: string }) {
  return (
    <span>
      <code>{text}</code>
      <CopyButton text={text} label={label} />
    </span>
  );
}
