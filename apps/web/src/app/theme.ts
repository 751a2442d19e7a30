import type { ThemeConfig } from 'antd';

export const PRIMARY_COLOUR = '#2563eb';

/** The console's page background, behind its cards. */
export const CONSOLE_BACKGROUND = '#f5f7fb';

// Ant Design's grey texts are translucent black (45% and 25%): about 3.4:1 and 1.8:1 on white,
// below the 4.5:1 WCAG AA asks of body text. These solid greys keep the hierarchy (secondary
// darker than tertiary) at 4.5:1 or more on white and on CONSOLE_BACKGROUND (theme.test.ts).
const SECONDARY_TEXT = '#5f6673';
const TERTIARY_TEXT = '#676d78';

/** Status tags write their status colour on its pale tint: the default green, orange and red are
 * too light for that, so tags take the darker shades of the same hues. */
export const STATUS_TEXT = {
  success: '#237804',
  warning: '#ad4e00',
  error: '#cf1322',
} as const;

export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOUR,
    colorInfo: PRIMARY_COLOUR,
    colorLink: PRIMARY_COLOUR,
    borderRadius: 8,
    colorBgLayout: CONSOLE_BACKGROUND,
    colorTextSecondary: SECONDARY_TEXT,
    colorTextTertiary: TERTIARY_TEXT,
    colorTextDescription: TERTIARY_TEXT,
    colorTextPlaceholder: TERTIARY_TEXT,
    // Solid blue tags (the current recent page) are white on blue-6: our primary rather than
    // Ant Design's lighter #1677ff, which has only 4.1:1.
    blue: PRIMARY_COLOUR,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Menu: {
      itemBorderRadius: 8,
      itemMarginInline: 10,
      itemHeight: 42,
      subMenuItemBg: 'transparent',
      itemSelectedBg: '#eaf1ff',
      itemSelectedColor: PRIMARY_COLOUR,
      itemColor: '#374151',
      itemHoverBg: '#f3f6fb',
      groupTitleColor: '#6b7280',
    },
    Modal: { titleFontSize: 17 },
    Tag: {
      colorSuccess: STATUS_TEXT.success,
      colorWarning: STATUS_TEXT.warning,
      colorError: STATUS_TEXT.error,
    },
    // Ant Design sets its ASCII colon 2 px off the label and 8 px off the value, which reads as a
    // full-width "Unit price： ¥25.00" in English; tight to the label, one space's gap after.
    Descriptions: { colonMarginLeft: 0, colonMarginRight: 4 },
  },
};
