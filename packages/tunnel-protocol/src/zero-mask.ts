/**
 * `generateMask` for the tunnel's WebSocket clients (agent, connector). Masking protects
 * browsers' traffic from caching proxies that misread it; these clients are not browsers, and
 * with an all-zero mask `ws` skips masking every byte, which cost about a fifth of the CPU per
 * byte carried (bench/tunnel).
 */
export function zeroMask(mask: Uint8Array): void {
  mask.fill(0);
}
