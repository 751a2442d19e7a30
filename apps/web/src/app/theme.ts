import type { ThemeConfig } from 'antd';

export const PRIMARY_COLOUR = '#2563eb';

export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOUR,
    colorInfo: PRIMARY_COLOUR,
    colorLink: PRIMARY_COLOUR,
    borderRadius: 8,
    colorBgLayout: '#f5f7fb',
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
    // Ant Design sets its ASCII colon 2 px off the label and 8 px off the value, which reads as a
    // full-width "Unit price： ¥25.00" in English; tight to the label, one space's gap after.
    Descriptions: { colonMarginLeft: 0, colonMarginRight: 4 },
  },
};
