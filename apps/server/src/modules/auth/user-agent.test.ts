import { describe, expect, it } from 'vitest';
import { describeDevice, parseUserAgent, RAW_AGENT_LENGTH } from './user-agent.ts';

const agents = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2055A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160117 MMWEBSDK/20240301 MicroMessenger/8.0.48.2580(0x28003036) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
};

describe('the device of a sign-in', () => {
  it('tells the common browsers and systems apart', () => {
    expect(parseUserAgent(agents.chromeWindows)).toEqual({ browser: 'Chrome', system: 'Windows' });
    expect(parseUserAgent(agents.edgeWindows)).toEqual({ browser: 'Edge', system: 'Windows' });
    expect(parseUserAgent(agents.safariIphone)).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(parseUserAgent(agents.firefoxMac)).toEqual({ browser: 'Firefox', system: 'macOS' });
    expect(parseUserAgent(agents.chromeAndroid)).toEqual({ browser: 'Chrome', system: 'Android' });
    expect(parseUserAgent(agents.wechatAndroid)).toEqual({ browser: 'WeChat', system: 'Android' });
    expect(parseUserAgent(agents.firefoxLinux)).toEqual({ browser: 'Firefox', system: 'Linux' });
  });

  it('reads naturally in both languages', () => {
    expect(describeDevice(agents.chromeWindows, 'en-US')).toBe('Chrome on Windows');
    expect(describeDevice(agents.chromeWindows, 'zh-CN')).toBe('Windows 上的 Chrome');
    expect(describeDevice('Mozilla/5.0 Firefox/132.0', 'en-US')).toBe('Firefox');
  });

  it('shows an unknown agent raw, cut short, and a missing one as unknown', () => {
    expect(describeDevice('curl/8.5.0', 'en-US')).toBe('curl/8.5.0');
    const long = `SomeBot/1.0 ${'x'.repeat(200)}`;
    const shown = describeDevice(long, 'zh-CN');
    expect(shown).toHaveLength(RAW_AGENT_LENGTH);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown.startsWith('SomeBot/1.0 ')).toBe(true);
    expect(describeDevice(undefined, 'en-US')).toBe('unknown');
    expect(describeDevice('  ', 'zh-CN')).toBe('未知设备');
  });
});
