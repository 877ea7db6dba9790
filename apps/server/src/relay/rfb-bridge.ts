import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { RfbViewOnlyFilter } from './rfb-view-only.ts';

export type RfbBridgeOptions = {
  /** Drop the viewer's input (keys, pointer, clipboard): the device screen can be watched only. */
  viewOnly: boolean;
  /** Bytes carried from the viewer to the device and back, for data usage. */
  count?: { up?: (bytes: number) => void; down?: (bytes: number) => void };
};

/** Above this much unsent data towards the viewer, reading from the device waits. */
const highWater = 1024 * 1024;
const lowWater = 256 * 1024;

/**
 * Carries RFB (VNC) between a viewer's WebSocket (binary messages, as websockify does) and a
 * tunnel stream to the device's VNC service, with backpressure both ways. Closing either side
 * closes the other. View-only: the viewer's bytes go through RfbViewOnlyFilter, and a stream it
 * cannot parse closes the WebSocket with 1008; full control passes everything as it is.
 */
export function bridgeRfb(ws: WebSocket, stream: Duplex, options: RfbBridgeOptions): void {
  ws.binaryType = 'nodebuffer';
  const filter = options.viewOnly ? new RfbViewOnlyFilter() : undefined;
  let viewerPaused = false;
  ws.on('message', (data: Buffer, isBinary: boolean) => {
    if (!isBinary) return close(1003, 'binary messages only');
    options.count?.up?.(data.length);
    const parts = filter ? filter.fromViewer(data) : [data];
    if (!parts) return close(1008, 'not an RFB message a view-only viewer may send');
    const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    if (bytes.length === 0 || stream.destroyed) return;
    if (!stream.write(bytes) && !viewerPaused) {
      viewerPaused = true;
      ws.pause();
      stream.once('drain', () => {
        viewerPaused = false;
        ws.resume();
      });
    }
  });

  let devicePaused = false;
  const resumeDevice = () => {
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > lowWater) return void setTimeout(resumeDevice, 10);
    devicePaused = false;
    stream.resume();
  };
  stream.on('data', (chunk: Buffer) => {
    filter?.fromDevice(chunk);
    if (ws.readyState !== ws.OPEN) return;
    options.count?.down?.(chunk.length);
    ws.send(chunk, { binary: true });
    // ws has no drain event: its buffered amount is polled until the viewer has caught up.
    if (ws.bufferedAmount > highWater && !devicePaused) {
      devicePaused = true;
      stream.pause();
      setTimeout(resumeDevice, 10);
    }
  });
  stream.on('end', () => close(1000, 'device closed the connection'));
  stream.on('error', () => close(1011, 'device connection failed'));
  ws.on('close', () => stream.destroy());
  ws.on('error', () => stream.destroy());

  function close(code: number, reason: string) {
    stream.destroy();
    if (ws.readyState === ws.CONNECTING || ws.readyState === ws.OPEN) ws.close(code, reason);
  }
}
