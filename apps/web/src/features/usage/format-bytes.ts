const units = ['B', 'kB', 'MB', 'GB', 'TB'] as const;
export type ByteUnit = (typeof units)[number];

/**
 * A byte count in decimal units (1 kB = 1000 B) with one decimal, e.g. 123.5 kB; whole bytes
 * below 1 kB. The unit is returned apart so the caller can translate it.
 */
export function scaleBytes(bytes: number): { value: number; unit: ByteUnit; decimals: number } {
  let value = bytes;
  let index = 0;
  while (Math.abs(value) >= 999.95 && index < units.length - 1) {
    value /= 1000;
    index += 1;
  }
  return { value, unit: units[index]!, decimals: index === 0 ? 0 : 1 };
}

/** `scaleBytes` written out in the UI language: "1.2 MB", "1,2 MB". */
export function formatBytes(
  bytes: number,
  language: string,
  unitLabel: (unit: ByteUnit) => string = (u) => u,
) {
  const { value, unit, decimals } = scaleBytes(bytes);
  const number = new Intl.NumberFormat(language, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
  return `${number} ${unitLabel(unit)}`;
}

/** The exact count with digit grouping: "123,457". */
export function formatCount(bytes: number, language: string) {
  return new Intl.NumberFormat(language).format(bytes);
}
