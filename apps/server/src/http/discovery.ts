import type { DiscoveryEntry } from '@fleetgate/contracts';

/** Every rel the API offers, with its path template and methods, as GET /api lists them. */
export class DiscoveryRegistry {
  readonly #entries = new Map<string, { path: string; methods: Set<string> }>();

  add(rel: string, path: string, method: string) {
    const entry = this.#entries.get(rel) ?? { path, methods: new Set<string>() };
    if (entry.path !== path) throw new Error(`Rel ${rel} is registered with two paths`);
    entry.methods.add(method);
    this.#entries.set(rel, entry);
  }

  list(origin: string): DiscoveryEntry[] {
    return [...this.#entries]
      .map(([rel, { path, methods }]) => ({ rel, href: origin + path, methods: [...methods].sort() }))
      .sort((a, b) => a.rel.localeCompare(b.rel));
  }
}
