import net from 'node:net';

/** A minimal SOCKS5 client for the tests: no authentication, one CONNECT. */
export async function socksConnect(
  port: number,
  target: { host: string; port: number },
  options: { command?: number; methods?: number[] } = {},
): Promise<{ reply: number; socket: net.Socket }> {
  const socket = net.connect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const read = reader(socket);
  socket.write(Buffer.from([5, (options.methods ?? [0]).length, ...(options.methods ?? [0])]));
  const choice = await read(2);
  if (choice[1] !== 0) return { reply: 0xff, socket };
  let address: Buffer;
  if (net.isIPv4(target.host)) address = Buffer.from([1, ...target.host.split('.').map(Number)]);
  else {
    const name = Buffer.from(target.host, 'latin1');
    address = Buffer.concat([Buffer.from([3, name.length]), name]);
  }
  const portBytes = Buffer.alloc(2);
  portBytes.writeUInt16BE(target.port);
  socket.write(Buffer.concat([Buffer.from([5, options.command ?? 1, 0]), address, portBytes]));
  const reply = await read(10);
  read.release();
  return { reply: reply[1]!, socket };
}

function reader(socket: net.Socket) {
  let buffer = Buffer.alloc(0);
  let want: { size: number; resolve: (b: Buffer) => void } | undefined;
  const onData = (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    settle();
  };
  const settle = () => {
    if (want && buffer.length >= want.size) {
      const { size, resolve } = want;
      want = undefined;
      resolve(buffer.subarray(0, size));
      buffer = buffer.subarray(size);
    }
  };
  socket.on('data', onData);
  const read = (size: number) =>
    new Promise<Buffer>((resolve, reject) => {
      want = { size, resolve };
      socket.once('close', () => reject(new Error('closed during the SOCKS handshake')));
      settle();
    });
  read.release = () => {
    socket.off('data', onData);
    socket.pause();
  };
  return read;
}

/** Sends `data` through a connected socket to an echo service and collects the same number of bytes back. */
export function echoThrough(socket: net.Socket, data: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= data.length) {
        socket.end();
        resolve(Buffer.concat(chunks));
      }
    });
    socket.on('error', reject);
    socket.on('close', () => {
      if (length < data.length) reject(new Error(`closed after ${length} of ${data.length} bytes`));
    });
    socket.write(data);
    // The SOCKS handshake paused it; a plain connection is flowing already.
    socket.resume();
  });
}
