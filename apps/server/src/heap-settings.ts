import v8 from 'node:v8';
import { accountExternalMemoryWithHeap } from '@fleetgate/tunnel-protocol';

/**
 * The server process's V8 heap settings. Call it once, first thing in the entry point (main.ts;
 * bench/tunnel/server.ts does too, to measure the server as it runs).
 *
 * - Relayed bytes are short-lived Buffers: they count towards the heap's own limit, which may grow
 *   to three times the live heap (accountExternalMemoryWithHeap).
 * - No allocation-site pretenuring. V8 watches how many of the objects made at one place in the
 *   code survive a young-generation collection, and once nearly all of them have, it makes every
 *   later object there directly in the old generation, for good. A query whose rows are all alive
 *   when a collection comes (a start-up's reads, a long list, an export) can lead it there for the
 *   code that parses pg's rows. bench/api on PostgreSQL (2-core machine, 2026-11-29) showed it:
 *   V8 had tenured five places early on, and from then on the rows of every page, and all
 *   they point to, outlived the young collections. Each of those took 6 ms on average and kept
 *   about 7 MB (12 KB per request) for a full collection to find. Without pretenuring they took
 *   1.3 ms, the p99 of `GET RoleList` fell from 18–22 ms to 9–16 ms and its CPU per request from
 *   0.12 to 0.10 ms. Objects that do live long (caches, the routes) are copied once more before
 *   they reach the old generation; that is all it costs.
 */
export function tuneServerHeap(): void {
  accountExternalMemoryWithHeap('server');
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
}
