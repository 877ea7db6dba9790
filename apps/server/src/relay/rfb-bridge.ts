import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

export type RfbBridgeOptions = {
  /** Drop the viewer's input (keys, pointer, clipboard): the device screen can be watched only. */
  viewOnly: boolean;
  /** Bytes carried from the viewer to the device and back, for data usage. */
  count?: { up?: (bytes: number) => void; down?: (bytes: number) => void };
};

/**
 * Carries RFB (VNC) between a viewer's WebSocket (binary messages, as websockify does) and a
 * tunnel stream to the device's VNC service, with backpressure both ways. Closing either side
 * closes the other.
 */
export function bridgeRfb(ws: WebSocket, stream: Duplex, options: RfbBridgeOptions): void {
  ws.binaryType = 'nodebuffer';
  ws.on('message', (data: Buffer, isBinary: boolean) => {
    if (!isBinary) return ws.close(1003, 'binary messages only');
    options.count?.up?.(data.length);
    if (!stream.write(data)) {
      ws.pause();
      stream.once('drain', () => ws.resume());
    }
  });
  stream.on('data', (chunk: Buffer) => {
    options.count?.down?.(chunk.length);
    ws.send(chunk, { binary: true });
    if (ws.bufferedAmount > 1024 * 1024) {
      stream.pause();
      const resume = () => (ws.bufferedAmount > 256 * 1024 ? setTimeout(resume, 10) : stream.resume());
      setTimeout(resume, 10);
    }
  });
  stream.on('end', () => ws.close(1000, 'device closed the connection'));
  stream.on('error', () => ws.close(1011, 'device connection failed'));
  ws.on('close', () => stream.destroy());
  ws.on('error', () => stream.destroy());
}
