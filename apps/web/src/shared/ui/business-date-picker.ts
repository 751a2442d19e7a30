// Ant Design's pickers ask their date library for "now" to mark today, to answer the Today and Now
// buttons and to open on the current month: with plain dayjs that is the browser's clock. Ours
// hold wall-clock values on the business clock (see shared/format/date.ts), so their "now" must
// be the business one too: at 20:00 on the 23rd in Los Angeles a Shanghai business is already on
// the 24th, and that is the day the picker marks as today.
import dayjsGenerateConfig from '@rc-component/picker/generate/dayjs';
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { businessNow } from '../format/date.ts';

/** What the business pickers ask for "now": the business clock as a wall-clock value. */
export const businessPickerConfig: typeof dayjsGenerateConfig = {
  ...dayjsGenerateConfig,
  getNow: () => businessNow(),
};

/**
 * `DatePicker` (and `BusinessDatePicker.RangePicker`) on the business clock: every date filter
 * and date field of the consoles uses it rather than antd's own.
 */
export const BusinessDatePicker = DatePicker.generatePicker<Dayjs>(businessPickerConfig);
