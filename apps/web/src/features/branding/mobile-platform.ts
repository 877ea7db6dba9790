export type MobilePlatform = 'android' | 'ios';

/** Android and iOS browsers by their user agent; iPadOS passes as a Mac that has a touch screen. */
export function mobilePlatformOf(userAgent: string, maxTouchPoints = 0): MobilePlatform | null {
  if (/Android/i.test(userAgent)) return 'android';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return null;
}
