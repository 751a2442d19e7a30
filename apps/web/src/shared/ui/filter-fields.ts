import type { CSSProperties, ReactNode } from 'react';

// The fields a list's filter bar is declared with (filter-bar.tsx draws them). A field names the
// filter it sets (`name`, or `from`/`to` for a date range) among the bar's values.

interface FieldLayout {
  /** Its width on a wide screen, in px; none: as wide as it needs. Never wider than the bar. */
  width?: number;
  /**
   * Its size on a phone in a bar that stacks there (`phone="stack"`): `full` (the default) a row
   * of its own, after the short fields; `half` two a row; `fill` the rest of its row; `auto` as
   * wide as it needs.
   */
  phone?: 'full' | 'half' | 'fill' | 'auto';
}

export interface FilterOption {
  value: string | number;
  label: ReactNode;
}

/** A choice among options; cleared back to "any" by its clear button, or by its `all` option. */
export interface SelectField<V> extends FieldLayout {
  kind: 'select';
  name: keyof V & string;
  /** Its accessible name. */
  label: string;
  /** What it says while nothing is chosen. */
  placeholder?: string;
  /** The label of a first option meaning "any": then the field has no clear button. */
  all?: string;
  options: FilterOption[];
  /** Typing narrows the options: by their labels or their values. */
  search?: 'label' | 'value';
  disabled?: boolean;
}

/** Text applied when searched (Enter, the search button, or cleared), trimmed; blank: none. */
export interface SearchField<V> extends FieldLayout {
  kind: 'search';
  name: keyof V & string;
  label: string;
  placeholder: string;
  maxLength?: number;
  /** A labelled search button rather than the icon. */
  button?: boolean;
}

/** Two business days (`YYYY-MM-DD`), the first and the last of the range, picked together. */
export interface DateRangeField<V> extends FieldLayout {
  kind: 'dateRange';
  from: keyof V & string;
  to: keyof V & string;
  label: string;
}

/** A few options side by side, one always chosen. */
export interface SegmentedField<V> extends FieldLayout {
  kind: 'segmented';
  name: keyof V & string;
  label?: string;
  options: { value: string; label: ReactNode }[];
}

/** A line of small print among the fields: a limit, a hint. */
export interface NoteField extends FieldLayout {
  kind: 'note';
  key: string;
  text: string;
}

/** A control of the list's own, drawn with the bar's sizing of the field. */
export interface CustomField extends FieldLayout {
  kind: 'custom';
  key: string;
  render: (sizing: { className: string; style: CSSProperties | undefined }) => ReactNode;
}

export type FilterField<V> =
  SelectField<V> | SearchField<V> | DateRangeField<V> | SegmentedField<V> | NoteField | CustomField;

/** The values a field sets (none for a note or a control of the list's own). */
export function fieldNames<V>(field: FilterField<V>): (keyof V & string)[] {
  switch (field.kind) {
    case 'select':
    case 'search':
    case 'segmented':
      return [field.name];
    case 'dateRange':
      return [field.from, field.to];
    case 'note':
    case 'custom':
      return [];
  }
}
