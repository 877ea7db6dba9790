import v8 from 'node:v8';

/**
 * Makes V8 count Buffers' memory towards the heap's own growing limit instead of a fixed
 * allowance of about 64 MB (V8's `--external-memory-accounted-in-global-limit`).
 *
 * Why: every tunnel chunk is a Buffer of up to 64 KB that lives for a moment. With the fixed
 * allowance, a process carrying 100 MB/s in each direction crosses it several times a second,
 * and each time V8 marks the whole heap. Counted with the heap, the same garbage is collected at
 * the pace the heap's size sets. bench/tunnel on an idle 2-core machine, CPU per MB carried:
 * server 24–26 → 6 ms (its heap of 50–100 MB made each collection dear), agent 11.2 → 6.4 ms,
 * connector 10.0 → 6.3 ms. The price: Buffers already carried wait longer to be freed, so during
 * a bulk transfer the agent's and the connector's RSS peaked about 50–65 MB higher
 * (195 → 260 MB and 204 → 253 MB while carrying 800 MB).
 *
 * Used by the server, the agent and the connector: each carries every tunnel byte.
 * Call it once, first thing in a process's entry point; it affects only collections after it.
 * Node.js before 24 may not know the flag (V8 would print an error for it): there it does nothing.
 */
export function accountExternalMemoryWithHeap(): void {
  if (Number(process.versions.node.split('.')[0]) < 24) return;
  v8.setFlagsFromString('--external-memory-accounted-in-global-limit');
}
