import v8 from 'node:v8';

/**
 * Makes V8 count Buffers' memory towards the heap's own growing limit instead of a fixed
 * allowance of about 64 MB (V8's `--external-memory-accounted-in-global-limit`).
 *
 * Why: every tunnel chunk is a Buffer of up to 64 KB that lives for a moment. With the fixed
 * allowance, a relay carrying 100 MB/s in each direction crosses it several times a second, and
 * each time V8 marks the whole heap: in the server (a heap of 50–100 MB) that full collection
 * was most of its CPU per byte relayed. Counted with the heap, the same garbage is collected at
 * the pace the heap's size sets. bench/tunnel: the server's CPU per MB relayed fell from
 * 24–26 ms to 6–9 ms.
 *
 * The agent and the connector keep heaps of a few MB, for which the fixed
 * allowance is in proportion, and they run on gateways and laptops where memory is tighter
 * (with it, the connector's RSS grew from about 170 to 250 MB during a bulk transfer).
 *
 * Call it once, first thing in a process's entry point; it affects only collections after it.
 * Node.js before 24 may not know the flag (V8 would print an error for it): there it does nothing.
 */
export function accountExternalMemoryWithHeap(): void {
  if (Number(process.versions.node.split('.')[0]) < 24) return;
  v8.setFlagsFromString('--external-memory-accounted-in-global-limit');
}
