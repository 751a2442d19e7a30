import { ReloadOutlined } from '@ant-design/icons';
import { Button, Segmented, Select } from 'antd';
import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { fromDateParam, toDateParam } from '../format/date.ts';
import { BusinessDatePicker } from './business-date-picker.ts';
import { fieldNames, type FilterField } from './filter-fields.ts';
import styles from './filter-bar.module.css';
import { FilterSearch } from './filter-search.tsx';
import { FoldedFilters } from './folded-filters.tsx';

export type { FilterField } from './filter-fields.ts';

interface FilterBarProps<V> {
  /** The fields, in the order they stand. */
  fields: FilterField<V>[];
  /** The filters applied now (`useListFilters`' `filters`, or the page's own state). */
  values: V;
  onChange: (changes: Partial<V>) => void;
  /** A reset button after the fields: it clears every field, and `alsoClears` (set elsewhere). */
  reset?: { label: string; alsoClears?: (keyof V & string)[] };
  /** Buttons at the bar's far end, such as an export of what the filters select. */
  actions?: ReactNode;
  /**
   * On a phone: `wrap` (the default) as on a wide screen, wrapping; `stack` each field sized by
   * its `phone` (a row of its own by default, the short ones first) and the actions a full-width
   * tap below them.
   */
  phone?: 'wrap' | 'stack';
  /** On a phone and a small tablet, folded behind one button with the count of filters set. */
  folded?: boolean;
  /** Leaves the usual space below it, before the list (false: the page spaces it, as a toolbar). */
  spaced?: boolean;
}

const phoneSize = {
  full: styles.full,
  half: styles.half,
  fill: styles.fill,
  auto: styles.auto,
} as const;

/** The value of a select's "any" option: never a filter's own value. */
const ALL = '\u0000all';

/** Whether a filter counts as set (for the folded bar's badge). */
const isSet = (value: unknown) => value !== undefined && value !== '';

/**
 * A list's filters, declared as fields: selects, search boxes, business-day ranges, segmented
 * choices, a note, or a control of the list's own; with a reset and the list's actions.
 */
export function FilterBar<V>({
  fields,
  values,
  onChange,
  reset,
  actions,
  phone = 'wrap',
  folded = false,
  spaced = true,
}: FilterBarProps<V>) {
  const read = (name: keyof V & string) => values[name] as string | number | undefined;
  const set = (changes: Record<string, unknown>) => onChange(changes as Partial<V>);
  const stacked = phone === 'stack';

  const sizing = (field: FilterField<V>) => {
    const classes = [styles.field];
    if (field.width !== undefined) classes.push(styles.sized);
    if (stacked) classes.push(phoneSize[field.phone ?? 'full']);
    return classes.join(' ');
  };
  const width = (field: FilterField<V>): CSSProperties | undefined =>
    field.width === undefined
      ? undefined
      : ({ '--filter-field-width': `${field.width}px` } as CSSProperties);

  const drawField = (field: FilterField<V>): ReactNode => {
    const className = sizing(field);
    switch (field.kind) {
      case 'select': {
        const value = read(field.name);
        const options = field.all
          ? [{ value: ALL, label: field.all }, ...field.options]
          : field.options;
        return (
          <Select<string | number>
            key={field.name}
            className={className}
            style={width(field)}
            aria-label={field.label}
            placeholder={field.placeholder}
            allowClear={!field.all}
            showSearch={
              field.search === 'label' ? { optionFilterProp: 'label' } : field.search === 'value'
            }
            disabled={field.disabled}
            value={field.all ? (value ?? ALL) : value}
            onChange={(next?: string | number) =>
              set({ [field.name]: next === ALL ? undefined : next })
            }
            options={options}
          />
        );
      }
      case 'search':
        return (
          <FilterSearch
            key={field.name}
            field={field}
            className={className}
            style={width(field)}
            applied={read(field.name) as string | undefined}
            onSearch={(text) => set({ [field.name]: text })}
          />
        );
      case 'dateRange': {
        const from = read(field.from) as string | undefined;
        const to = read(field.to) as string | undefined;
        return (
          <BusinessDatePicker.RangePicker
            key={`${field.from}-${field.to}`}
            className={className}
            style={width(field)}
            aria-label={field.label}
            value={from && to ? [fromDateParam(from), fromDateParam(to)] : null}
            allowEmpty={[false, false]}
            onChange={(dates) =>
              set({
                [field.from]: dates?.[0] ? toDateParam(dates[0]) : undefined,
                [field.to]: dates?.[1] ? toDateParam(dates[1]) : undefined,
              })
            }
          />
        );
      }
      case 'segmented':
        return (
          <Segmented<string>
            key={field.name}
            className={className}
            style={width(field)}
            // Without a label of its own it keeps Ant Design's ("segmented control").
            {...(field.label ? { 'aria-label': field.label } : {})}
            value={read(field.name) as string}
            onChange={(next) => set({ [field.name]: next })}
            options={field.options}
          />
        );
      case 'note':
        return (
          <span key={field.key} className={`${className} ${styles.note}`} style={width(field)}>
            {field.text}
          </span>
        );
      case 'custom':
        return (
          <Fragment key={field.key}>{field.render({ className, style: width(field) })}</Fragment>
        );
    }
  };

  const cleared = reset && [...fields.flatMap(fieldNames), ...(reset.alsoClears ?? [])];
  const bar = (
    <div
      className={[styles.bar, spaced ? styles.spaced : '', stacked ? styles.stack : ''].join(' ')}
    >
      <div className={styles.fields}>
        {fields.map(drawField)}
        {cleared && (
          <Button
            icon={<ReloadOutlined />}
            onClick={() => set(Object.fromEntries(cleared.map((name) => [name, undefined])))}
          >
            {reset.label}
          </Button>
        )}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
  if (!folded) return bar;
  const active = fields.filter((field) => fieldNames(field).some((name) => isSet(values[name])));
  return <FoldedFilters active={active.length}>{bar}</FoldedFilters>;
}
