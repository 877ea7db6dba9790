import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendComponentLimits, errorMessages } from '@fleetgate/contracts';
import { createFunctionSandbox, type FunctionSandbox, type SandboxInput } from './function-sandbox.ts';

let sandbox: FunctionSandbox;
let server: http.Server;
let port = 0;
const received: { method: string; url: string; body: string; headers: http.IncomingHttpHeaders }[] = [];
let onHang: () => void = () => {};

beforeAll(async () => {
  sandbox = createFunctionSandbox();
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', body, headers: request.headers });
      if (request.url === '/hang') return onHang();
      if (request.url === '/big') return response.end('x'.repeat(1024 * 1024 + 1));
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ echo: body, path: request.url }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await sandbox.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The highest resident set the process has had, in MB (Linux), which no later freeing lowers. */
const peakRssMb = (pid: number) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

const input = (code: string, extra: Partial<SandboxInput> = {}): SandboxInput => ({
  code,
  message: null,
  config: {},
  allowedHosts: [],
  allowPrivateNetworks: false,
  ...extra,
});

describe('function sandbox: results, console and effects', () => {
  it('returns the resolved value, the console lines and the effects in order', async () => {
    const outcome = await sandbox.run(
      input(
        `async function handler(message, context) {
          console.log('temperature', message.celsius, { unit: 'C' });
          console.warn('careful');
          context.writeTag('fahrenheit', message.celsius * 9 / 5 + 32, { unit: '°F', time: '2026-01-02T03:04:05Z' });
          context.sendMessage({ subject: 'Hot', body: 'Above ' + context.config.threshold });
          context.callWebhook('abcdefghijkl', { alarm: true });
          return { fahrenheit: message.celsius * 9 / 5 + 32 };
        }`,
        { message: { celsius: 100 }, config: { threshold: '90' } },
      ),
    );
    expect(outcome).toMatchObject({ status: 'ok', result: { fahrenheit: 212 }, error: null });
    expect(outcome.logs.map(({ level, text }) => ({ level, text }))).toEqual([
      { level: 'log', text: 'temperature 100 {"unit":"C"}' },
      { level: 'warn', text: 'careful' },
    ]);
    expect(Date.parse(outcome.logs[0]!.at)).not.toBeNaN();
    expect(outcome.effects).toEqual([
      { type: 'writeTag', name: 'fahrenheit', value: 212, unit: '°F', time: '2026-01-02T03:04:05.000Z' },
      { type: 'sendMessage', subject: 'Hot', body: 'Above 90' },
      { type: 'callWebhook', webhook: 'abcdefghijkl', payload: { alarm: true } },
    ]);
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('accepts a synchronous handler and setTimeout', async () => {
    const sync = await sandbox.run(
      input('function handler(message) { return message * 2 }', { message: 21 }),
    );
    expect(sync).toMatchObject({ status: 'ok', result: 42 });
    const timer = await sandbox.run(
      input(
        'async function handler() { await new Promise((resolve) => setTimeout(resolve, 20)); return "later" }',
      ),
    );
    expect(timer).toMatchObject({ status: 'ok', result: 'later' });
  });

  it('serves several runs at once, each with its own result', async () => {
    const code =
      'async function handler(m) { await new Promise((r) => setTimeout(r, 30 - m * 10)); return m }';
    const outcomes = await Promise.all([1, 2, 3].map((message) => sandbox.run(input(code, { message }))));
    expect(outcomes.map((outcome) => outcome.result)).toEqual([1, 2, 3]);
  });

  it('reports a thrown error with its message and the stack lines of the function', async () => {
    const outcome = await sandbox.run(
      input(`function helper() {\n  throw new Error('boom');\n}\nasync function handler() {\n  helper();\n}`),
    );
    expect(outcome.status).toBe('error');
    expect(outcome.error).toMatch(/^Error: boom\n/);
    expect(outcome.error).toContain('at helper (function.js:2:');
    expect(outcome.error).toContain('at handler (function.js:5:');
    expect(outcome.error).not.toContain('fleetgate-sandbox.js');
    expect(outcome.result).toBeNull();
  });

  it('reports errors at the top level and syntax errors', async () => {
    const thrown = await sandbox.run(input("throw new TypeError('at load')"));
    expect(thrown).toMatchObject({ status: 'error' });
    expect(thrown.error).toMatch(/^TypeError: at load/);
    const syntax = await sandbox.run(input('function handler( {'));
    expect(syntax.status).toBe('error');
    expect(syntax.error).toMatch(/^SyntaxError/);
  });

  it('refuses code without a handler', async () => {
    const outcome = await sandbox.run(input('function main() { return 1 }'));
    expect(outcome).toMatchObject({
      status: 'error',
      error: 'The code must define a function named handler',
    });
  });

  it('refuses a result larger than 64 KB', async () => {
    const outcome = await sandbox.run(input('function handler() { return "x".repeat(70000) }'));
    expect(outcome).toMatchObject({
      status: 'error',
      error: 'The result is larger than 64 KB',
      result: null,
    });
  });
});

describe('function sandbox: limits', () => {
  it('stops an endless synchronous loop after the time limit, 5 s by default', async () => {
    const quick = await sandbox.run(input('function handler() { for (;;) {} }'), { timeoutMs: 300 });
    expect(quick).toMatchObject({ status: 'timeout', error: 'The function was stopped after 0.3 s' });
    expect(quick.durationMs).toBeLessThan(2000);

    expect(backendComponentLimits.timeoutMs).toBe(5000);
    const byDefault = await sandbox.run(input('function handler() { for (;;) {} }'));
    expect(byDefault).toMatchObject({ status: 'timeout', error: 'The function was stopped after 5 s' });
    expect(byDefault.durationMs).toBeGreaterThanOrEqual(4900);
    expect(byDefault.durationMs).toBeLessThan(7000);
  });

  it('stops a function awaiting a promise that never settles', async () => {
    const outcome = await sandbox.run(input('async function handler() { await new Promise(() => {}) }'), {
      timeoutMs: 300,
    });
    expect(outcome).toMatchObject({ status: 'timeout', error: 'The function was stopped after 0.3 s' });
  });

  it('stops an endless loop that starts after an await', async () => {
    const outcome = await sandbox.run(
      input('async function handler() { await new Promise((r) => setTimeout(r, 10)); for (;;) {} }'),
      { timeoutMs: 300 },
    );
    expect(outcome.status).toBe('timeout');
  });

  it('stops a function that allocates without end, and the next run works', async () => {
    const outcome = await sandbox.run(
      input('function handler() { const all = []; for (;;) all.push(new Array(10000).fill(1)) }'),
      // A loaded machine must not turn the memory stop into a time stop.
      { timeoutMs: 20_000 },
    );
    expect(outcome).toMatchObject({ status: 'memory', result: null });
    expect(outcome.error).toContain('memory limit');
    const next = await sandbox.run(input('function handler() { return "still here" }'));
    expect(next).toMatchObject({ status: 'ok', result: 'still here' });
  });

  it('refuses WebAssembly memory and growing buffers, so the child does not grow past the limit', async () => {
    const own = createFunctionSandbox();
    try {
      await own.run(input('function handler() { return 1 }'));
      const peakBefore = peakRssMb(own.pid!);
      // Each would commit 256 MiB outside isolated-vm's allocator, and so outside its limit.
      const wasm = await own.run(
        input(`function handler() {
          const memory = new WebAssembly.Memory({ initial: 1, maximum: 65536 });
          memory.grow(4096);
          new Uint8Array(memory.buffer).fill(1);
          return memory.buffer.byteLength;
        }`),
      );
      expect(wasm).toMatchObject({ status: 'error', result: null });
      expect(wasm.error).toContain('ReferenceError: WebAssembly is not defined');
      const resized = await own.run(
        input(`function handler() {
          const buffer = new ArrayBuffer(1, { maxByteLength: 1 << 30 });
          buffer.resize(256 * 1024 * 1024);
          new Uint8Array(buffer).fill(1);
          return buffer.byteLength;
        }`),
      );
      expect(resized).toMatchObject({ status: 'error', result: null });
      expect(resized.error).toContain('TypeError');
      const transferred = await own.run(
        input(`function handler() {
          const buffer = new ArrayBuffer(1, { maxByteLength: 1 << 30 }).transfer(256 * 1024 * 1024);
          new Uint8Array(buffer).fill(1);
          return buffer.byteLength;
        }`),
      );
      expect(transferred).toMatchObject({ status: 'error', result: null });
      // transferToFixedLength stays: its new buffer comes from the isolate's counted allocator.
      const fixed = await own.run(
        input(`function handler() {
          const buffer = new ArrayBuffer(1, { maxByteLength: 1 << 30 }).transferToFixedLength(256 * 1024 * 1024);
          new Uint8Array(buffer).fill(1);
          return buffer.byteLength;
        }`),
      );
      expect(fixed).toMatchObject({ status: 'error', result: null });
      expect(peakRssMb(own.pid!) - peakBefore).toBeLessThan(100);
    } finally {
      await own.close();
    }
  });

  it('leaves no way back to WebAssembly or to growing a buffer', async () => {
    const outcome = await sandbox.run(
      input(`function handler() {
        const found = [];
        const globals = [globalThis, Function('return this')(), (0, eval)('this'), this.constructor.constructor('return this')()];
        for (const global of globals) {
          for (let object = global; object; object = Object.getPrototypeOf(object))
            if (Reflect.ownKeys(object).includes('WebAssembly')) found.push('WebAssembly');
        }
        const buffer = new ArrayBuffer(1, { maxByteLength: 1 << 30 });
        const shared = new SharedArrayBuffer(1, { maxByteLength: 1 << 30 });
        for (const object of [buffer, Object.getPrototypeOf(buffer), buffer.constructor.prototype])
          for (const name of ['resize', 'transfer']) if (name in object) found.push(name);
        if ('grow' in shared || 'grow' in Object.getPrototypeOf(shared)) found.push('grow');
        return { found, sliced: buffer.slice(0).byteLength, fixed: buffer.transferToFixedLength(8).byteLength };
      }`),
    );
    expect(outcome).toMatchObject({ status: 'ok', result: { found: [], sliced: 1, fixed: 8 } });
  });

  it('keeps at most 200 log lines of at most 2,000 characters, with one note', async () => {
    const outcome = await sandbox.run(
      input(
        'function handler() { console.log("y".repeat(5000)); for (let i = 0; i < 300; i++) console.info(i) }',
      ),
    );
    expect(outcome.logs).toHaveLength(201);
    expect(outcome.logs[0]!.text).toHaveLength(2000);
    expect(outcome.logs[199]!.text).toBe('198');
    expect(outcome.logs[200]).toMatchObject({ level: 'warn', text: expect.stringContaining('dropped') });
  });

  it('records at most 100 effects and throws inside the function on the next one', async () => {
    const outcome = await sandbox.run(
      input(`function handler(m, context) {
        for (let i = 0; i < 100; i++) context.writeTag('t' + i, i);
        try { context.writeTag('one-too-many', 1) } catch (error) { return error.constructor.name + ': ' + error.message }
      }`),
    );
    expect(outcome.status).toBe('ok');
    expect(outcome.effects).toHaveLength(100);
    expect(outcome.result).toBe('RangeError: At most 100 effects (tags, messages, webhooks) per run');
  });

  it('throws a TypeError inside the function on bad effect arguments', async () => {
    const outcome = await sandbox.run(
      input(`function handler(m, context) {
        const attempts = [
          () => context.writeTag('', 1),
          () => context.writeTag('x'.repeat(256), 1),
          () => context.writeTag('t', NaN),
          () => context.writeTag('t', '5'),
          () => context.writeTag('t', 1, { time: 'yesterday' }),
          () => context.sendMessage({ subject: '', body: 'b' }),
          () => context.sendMessage({ subject: 's', body: 'b'.repeat(4001) }),
          () => context.callWebhook('short', {}),
        ];
        return attempts.map((attempt) => { try { attempt(); return 'accepted' } catch (e) { return e instanceof TypeError } });
      }`),
    );
    expect(outcome.result).toEqual([true, true, true, true, true, true, true, true]);
    expect(outcome.effects).toEqual([]);
  });
});

describe('function sandbox: isolation', () => {
  it('offers no require, process, dynamic import or way back to the host', async () => {
    const outcome = await sandbox.run(
      input(`async function handler() {
        const viaFunction = (() => { try { return typeof Function('return this')().process } catch { return 'refused' } })();
        const viaConstructor = this.constructor.constructor('return typeof process')();
        const imported = await import('node:fs').then(() => 'imported', () => 'refused');
        return [typeof require, typeof process, typeof globalThis.process, typeof module, viaFunction, viaConstructor, imported];
      }`),
    );
    expect(outcome.result).toEqual([
      'undefined',
      'undefined',
      'undefined',
      'undefined',
      'undefined',
      'undefined',
      'refused',
    ]);
  });

  it('passes the message and config as copies', async () => {
    const message = { reading: { value: 1 } };
    const config = { secret: 's3cret' };
    const outcome = await sandbox.run(
      input(
        `function handler(message, context) {
          message.reading.value = 2; message.added = true; context.config.secret = 'changed';
          return [message, context.config.secret];
        }`,
        { message, config },
      ),
    );
    expect(outcome.result).toEqual([{ reading: { value: 2 }, added: true }, 'changed']);
    expect(message).toEqual({ reading: { value: 1 } });
    expect(config).toEqual({ secret: 's3cret' });
  });
});

describe('function sandbox: fetch', () => {
  /** A function that fetches `url` and returns the response, or the error it caught. */
  const fetchCode = (url: string) => `async function handler(message, context) {
    try {
      return await context.fetch(${JSON.stringify(url)});
    } catch (error) { return { error: error.constructor.name + ': ' + error.message } }
  }`;

  it('reaches a listed host on the loopback when private networks are allowed', async () => {
    const outcome = await sandbox.run(
      input(
        `async function handler(message, context) {
          const response = await context.fetch('http://127.0.0.1:${port}/echo?x=1', {
            method: 'post', headers: { 'x-key': context.config.key }, body: JSON.stringify({ hello: 'world' }),
          });
          return { status: response.status, ok: response.ok, type: response.headers['content-type'], body: response.json() };
        }`,
        { allowedHosts: [`127.0.0.1:${port}`], allowPrivateNetworks: true, config: { key: 'k1' } },
      ),
    );
    expect(outcome).toMatchObject({
      status: 'ok',
      result: {
        status: 200,
        ok: true,
        type: 'application/json',
        body: { echo: '{"hello":"world"}', path: '/echo?x=1' },
      },
    });
    expect(received.at(-1)).toMatchObject({ method: 'POST', url: '/echo?x=1', headers: { 'x-key': 'k1' } });
  });

  it('rejects a host that is not listed, without connecting', async () => {
    const before = received.length;
    const outcome = await sandbox.run(
      input(fetchCode(`http://127.0.0.1:${port}/`), {
        allowedHosts: ['example.com', `127.0.0.1:${port + 1}`],
        allowPrivateNetworks: true,
      }),
    );
    expect(outcome.result).toEqual({ error: `TypeError: Host not allowed: 127.0.0.1:${port}` });
    expect(received.length).toBe(before);
  });

  it('rejects the loopback when private networks are not allowed, and http outside tests', async () => {
    const run = (url: string) =>
      sandbox.run(
        input(fetchCode(url), {
          allowedHosts: ['127.0.0.1', 'localhost'],
          allowPrivateNetworks: false,
        }),
      );
    const before = received.length;
    expect((await run(`https://127.0.0.1:${port}/`)).result).toEqual({
      error: `TypeError: ${errorMessages.destinationNotAllowed}`,
    });
    expect((await run(`https://localhost:${port}/`)).result).toEqual({
      error: `TypeError: ${errorMessages.destinationNotAllowed}`,
    });
    expect((await run(`http://127.0.0.1:${port}/`)).result).toEqual({
      error: 'TypeError: Only https URLs are allowed',
    });
    expect(received.length).toBe(before);
  });

  it('refuses a response larger than 1 MB', async () => {
    const outcome = await sandbox.run(
      input(fetchCode(`http://127.0.0.1:${port}/big`), {
        allowedHosts: ['127.0.0.1'],
        allowPrivateNetworks: true,
      }),
    );
    expect(outcome.result).toEqual({ error: 'TypeError: The response is larger than 1 MB' });
  });

  it('counts the time spent awaiting a fetch against the time limit', async () => {
    const hit = new Promise<void>((resolve) => (onHang = resolve));
    const outcome = await sandbox.run(
      input(fetchCode(`http://127.0.0.1:${port}/hang`), {
        allowedHosts: ['127.0.0.1'],
        allowPrivateNetworks: true,
      }),
      { timeoutMs: 500 },
    );
    await hit;
    expect(outcome.status).toBe('timeout');
  });
});

describe('function sandbox: the child process', () => {
  it('keeps serving after its child process is killed mid-run', async () => {
    const hit = new Promise<void>((resolve) => (onHang = resolve));
    const running = sandbox.run(
      input(`async function handler(m, context) { await context.fetch('http://127.0.0.1:${port}/hang') }`, {
        allowedHosts: ['127.0.0.1'],
        allowPrivateNetworks: true,
      }),
    );
    await hit;
    const pid = sandbox.pid;
    expect(pid).toBeTypeOf('number');
    process.kill(pid!, 'SIGKILL');
    expect(await running).toMatchObject({ status: 'error', error: 'The sandbox stopped' });
    const next = await sandbox.run(input('function handler() { return "new child" }'));
    expect(next).toMatchObject({ status: 'ok', result: 'new child' });
    expect(sandbox.pid).not.toBe(pid);
  });

  it('starts its child without the server environment, refuses runs once closed and ends its child', async () => {
    process.env.FLEETGATE_SANDBOX_TEST_SECRET = 'not for functions';
    const own = createFunctionSandbox();
    expect(await own.run(input('function handler() { return 1 }'))).toMatchObject({ result: 1 });
    delete process.env.FLEETGATE_SANDBOX_TEST_SECRET;
    const pid = own.pid!;
    expect(readFileSync(`/proc/${pid}/environ`, 'utf8')).not.toContain('FLEETGATE_SANDBOX_TEST_SECRET');
    await own.close();
    expect(() => process.kill(pid, 0)).toThrow();
    await expect(own.run(input('function handler() { return 1 }'))).rejects.toThrow('The sandbox is closed');
  });
});
