/**
 * Reads the viewer's side of an RFB (VNC) connection as a byte stream and keeps what a
 * view-only viewer may send: the handshake, pixel format, encodings and update requests pass;
 * keys, pointer, clipboard, screen resizing, QEMU key events and xvp (reboot/shutdown) are
 * dropped. Bytes may arrive split or merged in any way. Anything it cannot parse makes
 * `fromViewer` return undefined: the caller closes the connection rather than guess where the
 * next message starts.
 */
type Action = 'pass' | 'drop' | 'encodings';
type Stage = 'version' | 'security' | 'security-3.3' | 'vnc-auth' | 'client-init' | 'messages';
type Step = { length: number; action: Action; next: Stage } | 'more' | 'invalid';

/** RFB pseudo-encoding ExtendedMouseButtons: once a server accepts it, a viewer's PointerEvent may
 * carry a seventh byte flagged by bit 7 of the mask, which without it means button 8. Stripping it
 * from SetEncodings keeps every PointerEvent 6 bytes long (and they are dropped anyway). */
const extendedMouseButtons = -316;
const securityNone = 1;
const securityVncAuth = 2;

export class RfbViewOnlyFilter {
  private stage: Stage = 'version';
  private minor = 8;
  /** Bytes of the current unit, until it is known how long it is (or whole, to rewrite it). */
  private head: Buffer = Buffer.alloc(0);
  private remaining = 0;
  private remainingAction: 'pass' | 'drop' = 'pass';
  /** The device's first bytes: its version, then (RFB 3.3) the security type it chose. */
  private deviceHead: Buffer = Buffer.alloc(0);

  /** Notes what the device sent (only its first 16 bytes matter). */
  fromDevice(chunk: Buffer) {
    if (this.deviceHead.length < 16)
      this.deviceHead = Buffer.concat([this.deviceHead, chunk.subarray(0, 16 - this.deviceHead.length)]);
  }

  /** Returns the bytes to forward to the device, or undefined when the stream is not RFB. */
  fromViewer(chunk: Buffer): Buffer[] | undefined {
    const out: Buffer[] = [];
    let data = chunk;
    while (data.length > 0) {
      if (this.remaining > 0) {
        const take = Math.min(this.remaining, data.length);
        if (this.remainingAction === 'pass') out.push(data.subarray(0, take));
        this.remaining -= take;
        data = data.subarray(take);
        continue;
      }
      const unit = this.head.length ? Buffer.concat([this.head, data]) : data;
      const step = this.measure(unit);
      if (step === 'invalid') return undefined;
      if (step === 'more' || (step.action === 'encodings' && unit.length < step.length)) {
        // Copied: the caller's buffer may be reused.
        this.head = Buffer.from(unit);
        return out;
      }
      this.head = Buffer.alloc(0);
      this.stage = step.next;
      const take = Math.min(step.length, unit.length);
      if (step.action === 'encodings') out.push(withoutExtendedMouseButtons(unit.subarray(0, take)));
      else if (step.action === 'pass' && take > 0) out.push(unit.subarray(0, take));
      if (step.action !== 'encodings') {
        this.remaining = step.length - take;
        this.remainingAction = step.action;
      }
      data = unit.subarray(take);
    }
    return out;
  }

  /** How long the unit starting `bytes` is and what to do with it. */
  private measure(bytes: Buffer): Step {
    switch (this.stage) {
      case 'version': {
        if (bytes.length < 12) return 'more';
        const match = /^RFB 003\.(\d{3})\n$/.exec(bytes.subarray(0, 12).toString('latin1'));
        const minor = Number(match?.[1]);
        if (!match || minor < 3) return 'invalid';
        // As servers read it: 3.4-3.6 are 3.3, anything above 3.8 (Apple's 3.889) is 3.8.
        this.minor = minor >= 8 ? 8 : minor === 7 ? 7 : 3;
        return { length: 12, action: 'pass', next: this.minor === 3 ? 'security-3.3' : 'security' };
      }
      case 'security': {
        // RFB 3.7/3.8: the viewer picks the type; only None and VNC authentication can be followed.
        if (bytes.length < 1) return 'more';
        if (bytes[0] === securityNone) return { length: 1, action: 'pass', next: 'client-init' };
        if (bytes[0] === securityVncAuth) return { length: 1, action: 'pass', next: 'vnc-auth' };
        return 'invalid';
      }
      case 'security-3.3': {
        // RFB 3.3: the device picked the type, and the viewer has seen it before it answers.
        if (this.deviceHead.length < 16) return 'invalid';
        const type = this.deviceHead.readUInt32BE(12);
        if (type === securityNone) return { length: 0, action: 'pass', next: 'client-init' };
        if (type === securityVncAuth) return { length: 0, action: 'pass', next: 'vnc-auth' };
        return 'invalid';
      }
      case 'vnc-auth':
        return { length: 16, action: 'pass', next: 'client-init' };
      case 'client-init':
        return { length: 1, action: 'pass', next: 'messages' };
      case 'messages':
        return measureMessage(bytes);
    }
  }
}

/** A client-to-server message by its type (RFC 6143 §7.5 and the extensions noVNC may use). */
function measureMessage(bytes: Buffer): Step {
  const fixed = (length: number, action: Action): Step => ({ length, action, next: 'messages' });
  const sized = (header: number, length: () => number, action: Action): Step =>
    bytes.length < header ? 'more' : fixed(length(), action);
  switch (bytes[0]!) {
    case 0: // SetPixelFormat
      return fixed(20, 'pass');
    case 2: // SetEncodings
      return sized(4, () => 4 + 4 * bytes.readUInt16BE(2), 'encodings');
    case 3: // FramebufferUpdateRequest
      return fixed(10, 'pass');
    case 4: // KeyEvent
      return fixed(8, 'drop');
    case 5: // PointerEvent
      return fixed(6, 'drop');
    case 6: // ClientCutText; a negative length is the extended clipboard's
      return sized(8, () => 8 + Math.abs(bytes.readInt32BE(4)), 'drop');
    case 150: // EnableContinuousUpdates
      return fixed(10, 'pass');
    case 248: // ClientFence
      return sized(9, () => 9 + bytes[8]!, 'pass');
    case 250: // xvp: shutdown, reboot or reset the device
      return fixed(4, 'drop');
    case 251: // SetDesktopSize
      return sized(8, () => 8 + 16 * bytes[6]!, 'drop');
    case 255: {
      // QEMU: 0 is an extended key event; 1 is audio (enable, disable or set its format)
      if (bytes.length < 2) return 'more';
      if (bytes[1] === 0) return fixed(12, 'drop');
      if (bytes[1] !== 1) return 'invalid';
      if (bytes.length < 4) return 'more';
      const operation = bytes.readUInt16BE(2);
      return operation > 2 ? 'invalid' : fixed(operation === 2 ? 10 : 4, 'pass');
    }
    default:
      return 'invalid';
  }
}

function withoutExtendedMouseButtons(message: Buffer): Buffer {
  const encodings: number[] = [];
  for (let offset = 4; offset < message.length; offset += 4) {
    const encoding = message.readInt32BE(offset);
    if (encoding !== extendedMouseButtons) encodings.push(encoding);
  }
  const out = Buffer.alloc(4 + 4 * encodings.length);
  out[0] = 2;
  out.writeUInt16BE(encodings.length, 2);
  encodings.forEach((encoding, i) => out.writeInt32BE(encoding, 4 + 4 * i));
  return out;
}
