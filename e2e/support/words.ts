// The web app's own words, so a journey reads the screen in either language.
import { messages, type MessageKey } from '../../apps/web/src/locales/index.ts';

export type Language = 'zh-CN' | 'en-US';

/** The translator and button-name matcher of one language. */
export function wordsOf(language: Language) {
  const t = (key: MessageKey, values: Record<string, string | number> = {}) =>
    messages[language][key].replace(/\{\{(\w+)\}\}/g, (_whole, name: string) =>
      String(values[name] ?? ''),
    );
  /**
   * A button's name: Ant Design spaces out a two-character Chinese label (`停 用`), and an icon
   * before the label adds its own name (`plus 添加员工`).
   */
  const button = (key: MessageKey, values: Record<string, string | number> = {}) =>
    new RegExp(
      `(^|\\s)${[...t(key, values)].map((char) => char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*')}$`,
    );
  return { t, button };
}
