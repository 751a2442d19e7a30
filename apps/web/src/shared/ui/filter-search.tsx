import { Input } from 'antd';
import { useState, type CSSProperties } from 'react';
import type { SearchField } from './filter-fields.ts';

interface FilterSearchProps<V> {
  field: SearchField<V>;
  className: string;
  style: CSSProperties | undefined;
  /** The text the list is filtered by now. */
  applied: string | undefined;
  onSearch: (text: string | undefined) => void;
}

/**
 * A search box of a filter bar. What is typed stays in the box until searched; the box shows the
 * applied text again whenever that changes (a search, a reset, the address going back), without
 * being drawn anew, so the caret stays where it was.
 */
export function FilterSearch<V>({
  field,
  className,
  style,
  applied,
  onSearch,
}: FilterSearchProps<V>) {
  const [draft, setDraft] = useState(applied ?? '');
  const [shown, setShown] = useState(applied);
  if (applied !== shown) {
    setShown(applied);
    setDraft(applied ?? '');
  }
  return (
    <Input.Search
      className={className}
      style={style}
      aria-label={field.label}
      placeholder={field.placeholder}
      allowClear
      enterButton={field.button}
      maxLength={field.maxLength}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onSearch={(text) => onSearch(text.trim() || undefined)}
    />
  );
}
