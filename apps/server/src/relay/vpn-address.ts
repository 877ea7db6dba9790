/**
 * The agent's address in its relay's VPN range: the range's base plus the agent id (wrapping
 * inside the range, skipping the network and broadcast addresses), e.g. 10.187.0.0/16 → 10.187.0.7.
 */
export function vpnAddress(range: string, agentId: number): string {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(range.trim());
  const octets = match?.slice(1, 5).map(Number) ?? [];
  const prefix = Number(match?.[5]);
  if (!match || octets.some((o) => o > 255) || prefix < 8 || prefix > 30)
    throw new Error(`Not an IPv4 range: ${range}`);
  const size = 2 ** (32 - prefix);
  const start = octets.reduce((value, octet) => value * 256 + octet, 0);
  const base = start - (start % size);
  const address = base + 1 + ((agentId - 1) % (size - 2));
  return [24, 16, 8, 0].map((shift) => Math.floor(address / 2 ** shift) % 256).join('.');
}
