/**
 * Summarises a V8 `.cpuprofile` (from `node --cpu-prof`): the functions and the code areas
 * (a package in node_modules, a folder of ours, Node's internals) with the most self time, and
 * the functions with the most inclusive time (itself and everything it called), as shares of
 * the busy (not idle) sampled time. Samples before the first request handler ran (the
 * server's start) are left out. With a third argument, also where the time of the functions
 * whose name contains it comes from (their nearest callers in our code or a package).
 * Usage: node bench/api/profile-summary.ts <file.cpuprofile> [top=25] [function]
 */
import fs from 'node:fs';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const [file, topArg, focus] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top] [function]');
const top = Number(topArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

function area(url: string): string {
  if (url === '') return '(native/VM)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const ours = /\/(apps\/[^/]+\/src\/[^/]+|packages\/[^/]+)\//.exec(url);
  if (ours) return ours[1]!;
  if (url.startsWith('node:')) return 'node internals';
  return url;
}
const nameOf = (node: Node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const short = url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/').replace(/^file:\/\//, '');
  return `${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`;
};

const stackOf = (id: number) => {
  const stack: Node[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) stack.push(byId.get(at)!);
  return stack;
};
const servingRequests = (id: number) =>
  stackOf(id).some(
    (node) => node.callFrame.functionName === 'routeHandler' && node.callFrame.url.includes('fastify'),
  );
const firstRequest = profile.samples.findIndex(servingRequests);

/**
 * What a sample was doing, named by the nearest frame (from the leaf up) that one of these
 * recognises: the phases of answering a request, to compare with the bare reference.
 */
const phases: [string, (url: string, fn: string) => boolean][] = [
  ['garbage collection', (_url, fn) => fn === '(garbage collector)'],
  ['pg: send query (socket write)', (url, fn) => url.includes('pg/lib/query.js') && fn === 'submit'],
  ['pg: read and parse rows', (url) => /pg-protocol|pg\/lib|pg-types|postgres-date|pg-pool/.test(url)],
  ['kysely: build and compile query', (url) => url.includes('kysely')],
  ['response: socket write', (url, fn) => url.includes('fastify/lib/reply.js') && fn === 'writePayload'],
  ['response: JSON serialisation', (url, fn) => url.includes('fastify/lib/reply.js') && fn === 'serialize'],
  ['security headers (helmet)', (url) => url.includes('helmet')],
  ['hooks: host check', (url) => url.includes('http/host-check.ts')],
  ['hooks: wire (Api-Version, query text, request id)', (url) => /http\/(hooks|input-text)\.ts/.test(url)],
  ['hooks: session activity', (url) => url.includes('auth/session-activity.ts')],
  ['hooks: cache-control', (url) => url.includes('http/security-headers.ts')],
  ['auth: token and company context', (url) => /http\/api\.ts|\/auth\//.test(url)],
  ['handler: fields, paging, present, project', (url) => /http\/|modules\/|packages\//.test(url)],
  ['HTTP parsing (node)', (url) => /_http_(common|incoming|server)/.test(url)],
  ['fastify: routing, hooks, reply', (url) => /fastify|find-my-way|avvio|light-my-request/.test(url)],
];
// Node's internals (streams, timers, sockets) work for whoever called them: the caller names it.
const phaseOf = (stack: Node[]) => {
  for (const frame of stack)
    for (const [name, test] of phases)
      if (test(frame.callFrame.url, frame.callFrame.functionName)) return name;
  return stack.some((frame) => frame.callFrame.url.startsWith('node:'))
    ? 'node internals (socket reads …)'
    : '(other)';
};

const self = new Map<string, number>();
const byPhase = new Map<string, number>();
const callers = new Map<string, number>();
const selfArea = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
let idle = 0;
const add = (map: Map<string, number>, key: string, value: number) =>
  map.set(key, (map.get(key) ?? 0) + value);

profile.samples.forEach((id, i) => {
  if (i < firstRequest) return;
  const delta = profile.timeDeltas[i] ?? 0;
  const node = byId.get(id)!;
  total += delta;
  if (node.callFrame.functionName === '(idle)') {
    idle += delta;
    return;
  }
  add(self, nameOf(node), delta);
  add(selfArea, area(node.callFrame.url), delta);
  const stack = stackOf(id);
  add(byPhase, phaseOf(stack), delta);
  // Each function once per sample, however often it recurses.
  const seen = new Set<string>();
  for (const frame of stack) {
    const key = nameOf(frame);
    if (!seen.has(key)) add(inclusive, key, delta);
    seen.add(key);
  }
  if (focus) {
    const at = stack.findIndex((frame) => frame.callFrame.functionName.includes(focus));
    if (at >= 0) {
      // The first frames above it that are not Node's internals name who asked for the work.
      const above = stack
        .slice(at + 1)
        .filter((frame) => frame.callFrame.url !== '' && !frame.callFrame.url.startsWith('node:'))
        .slice(0, 3);
      add(callers, above.map(nameOf).join(' < ') || '(Node internals only)', delta);
    }
  }
});

const busy = total - idle;
const pct = (value: number) => `${((100 * value) / busy).toFixed(1).padStart(5)}%`;
const table = (title: string, map: Map<string, number>, n: number) => {
  const rows = [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  process.stdout.write(`\n${title}\n${rows.map(([key, value]) => `  ${pct(value)}  ${key}`).join('\n')}\n`);
};
process.stdout.write(
  `sampled ${(total / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s; shares are of the busy ${(busy / 1e6).toFixed(1)} s\n`,
);
table('time by phase (nearest recognised frame)', byPhase, phases.length + 1);
table('self time by area', selfArea, top);
table('self time by function', self, top);
table('inclusive time by function', inclusive, top * 2);
if (focus) table(`callers of functions named *${focus}*`, callers, top);
