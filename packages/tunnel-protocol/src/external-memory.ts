import v8 from 'node:v8';

/**
 * Makes V8 count Buffers' memory towards the heap's own growing limit instead of a fixed
 * allowance of about 64 MB (V8's `--external-memory-accounted-in-global-limit`), and lets that
 * limit grow further past the live heap than V8 would choose (`heapGrowingPercent`, below).
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
 * Node.js before 24 may not know the flags (V8 would print an error for them): there it does nothing.
 */
export function accountExternalMemoryWithHeap(role: keyof typeof heapGrowingPercent): void {
  if (Number(process.versions.node.split('.')[0]) < 24) return;
  v8.setFlagsFromString('--external-memory-accounted-in-global-limit');
  v8.setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent[role]}`);
}

/**
 * How far the heap, and with it the Buffers counted above, may grow past what the last full
 * collection left live before the next one starts (V8's --heap-growing-percent, read at every
 * collection). V8's own choice was about twice the live size, or less, and the Buffers a relay
 * carries are nearly all garbage by then: every few tens of megabytes carried started a full
 * collection of the whole heap. bench/tunnel, 200 MB echoed per run, on a 2-core machine:
 *
 * - the server (live heap about 65 MB): a collection every 200–400 ms, each 70–150 ms of CPU, a
 *   fifth of the relay's; three times the live size made the relay's ratio to three plain
 *   proxies 0.52 → 0.74 in one process and 0.35 → 0.69 forwarded, and server A's CPU in the
 *   forwarded run 1.50 → 0.57 s. Not more than that: a busy server's heap grows with its users.
 * - the agent and the connector (live heap 15–20 MB): 55–57 full collections per run, a fifth
 *   of their CPU; six times the live size made that one, and their CPU 1.00 → 0.68 s and
 *   0.91 → 0.73 s (three times: 0.82 and 0.85 s).
 *
 * None of them peaked higher in RSS in those runs (server 420–440 MB, agent and connector
 * 250–265 MB): the peaks are set by the transfer's windows and queues, not by the garbage.
 */
const heapGrowingPercent = { server: 200, agent: 500, connector: 500 };
