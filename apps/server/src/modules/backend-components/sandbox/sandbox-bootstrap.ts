/** The file name of the bootstrap inside the isolate; its stack lines are removed from errors. */
export const bootstrapFilename = 'fleetgate-sandbox.js';

/**
 * Runs first in every isolate, as the body of a closure over the host's callbacks:
 * $0 log(level, text), $1 effect(type, argsJson) → refusal | null (both isolated-vm Callbacks),
 * $2 fetch(url, method, headers, body) and $3 sleep(ms) (References to async host functions).
 * The callbacks stay in this closure, so the function reaches them only through the wrappers
 * below, which turn the host's answers into ordinary errors thrown inside the function.
 * Returns the runner the child calls with copies of the message and config.
 *
 * Plain JavaScript, kept in a string: it is compiled by the isolate, never by the server.
 */
export const bootstrapSource = String.raw`
'use strict';
const hostLog = $0, hostEffect = $1, hostFetch = $2, hostSleep = $3;

// isolated-vm's memory limit counts the heap and what its ArrayBuffer allocator hands out, but
// V8 commits WebAssembly memories and grown resizable buffers itself, past that allocator: a
// function could fill gigabytes of the child process. So the function gets no WebAssembly, and no
// way to grow a buffer after it was made. These are the only references to these objects in a
// fresh context (no other built-in returns them), so deleting them here, before the function's
// code runs, leaves no way back to them.
for (const [owner, name] of [
  [globalThis, 'WebAssembly'],
  [ArrayBuffer.prototype, 'resize'],
  [ArrayBuffer.prototype, 'transfer'],
  [SharedArrayBuffer.prototype, 'grow'],
]) {
  if (!delete owner[name] || name in owner) throw new Error('The sandbox could not remove ' + name);
}
const stringify = JSON.stringify, parse = JSON.parse, freeze = Object.freeze;
const asyncCall = { arguments: { copy: true }, result: { promise: true, copy: true } };
const errorTypes = { TypeError, RangeError };

const format = (value) => {
  try {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return String(value.stack ?? value);
    const json = stringify(value);
    return json === undefined ? String(value) : json;
  } catch {
    try { return String(value); } catch { return '[unprintable]'; }
  }
};
const write = (level) => (...args) => {
  // One character over the host's cap, so the host can mark the line as cut.
  hostLog(level, args.map(format).join(' ').slice(0, 2001));
};
const console = freeze({ log: write('log'), info: write('info'), warn: write('warn'), error: write('error'), debug: write('log') });
Object.defineProperty(globalThis, 'console', { value: console, writable: true, configurable: true });

const timers = Object.create(null);
let lastTimer = 0;
const setTimeout = (callback, ms = 0, ...args) => {
  if (typeof callback !== 'function') throw new TypeError('setTimeout needs a function');
  const id = ++lastTimer;
  timers[id] = true;
  hostSleep.apply(undefined, [Number(ms) || 0], asyncCall).then((refusal) => {
    if (refusal) return console.error(refusal);
    if (!timers[id]) return;
    delete timers[id];
    try { callback(...args); } catch (error) { console.error('Uncaught', error); }
  });
  return id;
};
const clearTimeout = (id) => { delete timers[id]; };
Object.defineProperty(globalThis, 'setTimeout', { value: setTimeout, writable: true, configurable: true });
Object.defineProperty(globalThis, 'clearTimeout', { value: clearTimeout, writable: true, configurable: true });

const effect = (type, args) => {
  const refusal = hostEffect(type, stringify(args));
  if (refusal) throw new (errorTypes[refusal.name] ?? TypeError)(refusal.message);
};
const writeTag = (name, value, options) => {
  if (options !== undefined && (options === null || typeof options !== 'object'))
    throw new TypeError('writeTag: the options must be an object such as { unit, time }');
  effect('writeTag', { name, value, unit: options?.unit, time: options?.time });
};
const sendMessage = (message) => {
  if (message === null || typeof message !== 'object')
    throw new TypeError('sendMessage needs an object such as { subject, body }');
  effect('sendMessage', { subject: message.subject, body: message.body });
};
const callWebhook = (webhook, payload) => effect('callWebhook', { webhook, payload });

const fetch = async (url, init) => {
  const options = init ?? {};
  const target = typeof url === 'string' ? url : String(url?.href ?? url);
  const headers = {};
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name] = String(value);
  const body = options.body ?? null;
  if (body !== null && typeof body !== 'string')
    throw new TypeError('fetch: the body must be a string (use JSON.stringify)');
  const answer = await hostFetch.apply(undefined, [target, String(options.method ?? 'GET'), headers, body], asyncCall);
  if (answer.error !== undefined) throw new TypeError(answer.error);
  const { status, headers: responseHeaders, text } = answer;
  return freeze({ status, ok: status >= 200 && status < 300, headers: freeze(responseHeaders), text, json: () => parse(text) });
};

const describe = (error) => {
  try {
    if (error !== null && typeof error === 'object' && typeof error.stack === 'string') return error.stack;
    return 'Uncaught ' + format(error);
  } catch {
    return 'Uncaught exception';
  }
};

return async function run(message, config) {
  if (typeof handler !== 'function') return { ok: false, noHandler: true };
  const context = freeze({ config, fetch, writeTag, sendMessage, callWebhook });
  let value;
  try {
    value = await handler(message, context);
  } catch (error) {
    return { ok: false, error: describe(error) };
  }
  try {
    return { ok: true, json: stringify(value) };
  } catch (error) {
    return { ok: false, error: 'The result cannot be turned into JSON: ' + describe(error) };
  }
};
`;
