import { describe, expect, it } from 'vitest';
import { isMobilePlatform } from './vpn-rules.ts';
import { platformOf } from './platform.ts';

const agents = {
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  iPadOS:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  linux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

describe('platformOf', () => {
  it('tells iOS, Android and desktops apart', () => {
    expect(platformOf(agents.iPhone, 5)).toBe('ios');
    expect(platformOf(agents.iPadOS, 5)).toBe('ios');
    expect(platformOf(agents.android, 5)).toBe('android');
    expect(platformOf(agents.windows)).toBe('desktop');
    expect(platformOf(agents.linux)).toBe('desktop');
  });

  it('takes a Mac without touch for a Mac', () => {
    expect(platformOf(agents.iPadOS, 0)).toBe('desktop');
  });

  it('agrees with the VPN feature on which platforms cannot install the connector', () => {
    for (const [userAgent, touch] of [
      [agents.iPhone, 5],
      [agents.iPadOS, 5],
      [agents.iPadOS, 0],
      [agents.android, 5],
      [agents.windows, 0],
    ] as const) {
      expect(platformOf(userAgent, touch) !== 'desktop').toBe(isMobilePlatform(userAgent, touch));
    }
  });
});
