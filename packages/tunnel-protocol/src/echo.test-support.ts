import type { TunnelStream } from './multiplexer.ts';

/** Sends `data` on a stream to an echo service and collects what comes back until as many bytes arrived. */
export function echo(stream: TunnelStream, data: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= data.length) {
        stream.end();
        resolve(Buffer.concat(chunks));
      }
    });
    stream.on('error', reject);
    stream.write(data);
  });
}
