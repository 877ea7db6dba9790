/**
 * Run as a child process by external-memory.test.ts: holds a heap of some size, as a server
 * does, pushes 2 GB through short-lived 64 KB Buffers, as a relay does, and prints how many full
 * (major) collections that took. `on` first calls accountExternalMemoryWithHeap.
 */
import { PerformanceObserver, constants, type PerformanceEntry } from 'node:perf_hooks';
import { accountExternalMemoryWithHeap } from './external-memory.ts';

if (process.argv[2] === 'on') accountExternalMemoryWithHeap('server');
let major = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
    if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) major += 1;
  }
}).observe({ entryTypes: ['gc'] });

const heap = Array.from({ length: 300_000 }, (_, i) => ({ i, name: `item ${i}` }));
let checksum = 0;
for (let i = 0; i < 30_000; i += 1) {
  const chunk = Buffer.allocUnsafe(64 * 1024);
  chunk[0] = i;
  checksum += chunk[0];
}
// GC entries are delivered asynchronously.
await new Promise((resolve) => setTimeout(resolve, 50));
process.stdout.write(JSON.stringify({ major, heap: heap.length, checksum }));
