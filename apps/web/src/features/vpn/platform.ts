/** What this browser runs on, as far as the VPN client cares: it installs only on desktops. */
export type DevicePlatform = 'ios' | 'android' | 'desktop';

/**
 * From the user agent and touch points (iPadOS reports itself as a Mac, but has touch), so
 * browser tests can emulate a phone with a user agent and `isMobile`.
 */
export function platformOf(userAgent: string, maxTouchPoints = 0): DevicePlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'desktop';
}

/** This browser's platform. */
export function currentPlatform(): DevicePlatform {
  return platformOf(navigator.userAgent, navigator.maxTouchPoints);
}
