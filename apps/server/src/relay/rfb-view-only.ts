/**
 * Reads the viewer's side of an RFB (VNC) connection as a byte stream and keeps what a
 * view-only viewer may send: the handshake, pixel format, encodings and update requests pass;
 * keys, pointer, clipboard, screen resizing, QEMU key events and xvp (reboot/shutdown) are
 * dropped. Bytes may arrive split or merged in any way. Anything it cannot parse makes
 * `fromViewer` return undefined: the caller closes the connection rather than guess where the
 * next message starts.
 */
type Action = 'pass' | 'drop' | 'encodings';
type Stage =
  'version' | 'security' | 'security-3.3' | 'vnc-auth' | 'security-result' | 'client-init' | 'messages';
type Step = { length: number; action: Action; next: Stage } | 'more' | 'invalid';

/** RFB pseudo-encoding ExtendedMouseButtons: once a server accepts it, a viewer's PointerEvent may
 * carry a seventh byte flagged by bit 7 of the mask, which without it means button 8. Stripping it
 * from SetEncodings keeps every PointerEvent 6 bytes long (and they are dropped anyway). */
const extendedMouseButtons = -316;
const securityNone = 1;
const securityVncAuth = 2;
/** The versions a viewer may answer with: the three RFB defines (RFC 6143 §7.1.1). */
const viewerVersions = new Map([
  ['RFB 003.003\n', 3],
  ['RFB 003.007\n', 7],
  ['RFB 003.008\n', 8],
]);
/** The device's handshake at its longest: version, 255 security types, challenge, result. */
const deviceHandshake = 12 + 1 + 255 + 16 + 4;

export class RfbViewOnlyFilter {
  private stage: Stage = 'version';
  /** The version both sides follow: the viewer's, which may not be above the device's. */
  private minor = 8;
  /** Where in the device's bytes its VNC authentication challenge ends and its SecurityResult starts. */
  private challengeEnd = 0;
  private resultAt = 0;
  /** Bytes of the current unit, until it is known how long it is (or whole, to rewrite it). */
  private head: Buffer = Buffer.alloc(0);
  private remaining = 0;
  private remainingAction: 'pass' | 'drop' = 'pass';
  /** The device's handshake: its version, then the security types it offers (3.7/3.8) or the one
   * it chose (3.3), a VNC authentication challenge and the SecurityResult. Every step where the
   * device decides is read from here, never assumed: a viewer that answers before the device has
   * spoken, or otherwise than the device asked, is closed. */
  private deviceHead: Buffer = Buffer.alloc(0);

  /** Notes what the device sent (only its handshake matters). */
  fromDevice(chunk: Buffer) {
    if (this.deviceHead.length < deviceHandshake)
      this.deviceHead = Buffer.concat([
        this.deviceHead,
        chunk.subarray(0, deviceHandshake - this.deviceHead.length),
      ]);
  }

  /**
   * Returns the bytes to forward to the device, or undefined when the stream is not RFB. A
   * viewer's version that comes before the device's is held until the viewer sends again (real
   * viewers answer the device's version, so this does not happen with them).
   */
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
    const device = this.deviceHead;
    switch (this.stage) {
      case 'version': {
        if (bytes.length < 12) return 'more';
        const minor = viewerVersions.get(bytes.subarray(0, 12).toString('latin1'));
        if (minor === undefined) return 'invalid';
        // Held until the device's version is known; anything more the viewer sends first is not RFB.
        if (device.length < 12) return bytes.length > 12 ? 'invalid' : 'more';
        const match = /^RFB 003\.(\d{3})\n$/.exec(device.subarray(0, 12).toString('latin1'));
        const deviceMinor = Number(match?.[1]);
        // A viewer answers with at most the device's version, and the device then follows the
        // viewer's (RFC 6143 §7.1.1): a higher claim would have the device (which reads it as its
        // own, or as 3.3) and this filter follow different handshakes, and disagree on where every
        // later message starts. So the version both follow is the viewer's.
        if (!match || deviceMinor < 3 || minor > deviceMinor) return 'invalid';
        this.minor = minor;
        return { length: 12, action: 'pass', next: minor === 3 ? 'security-3.3' : 'security' };
      }
      case 'security': {
        // RFB 3.7/3.8: the device offers types (none: it failed), the viewer picks one it offered;
        // only None and VNC authentication can be followed.
        if (device.length < 13 || device.length < 13 + device[12]!) return 'invalid';
        const offered = device.subarray(13, 13 + device[12]!);
        const type = bytes[0]!;
        if (!offered.includes(type)) return 'invalid';
        if (type === securityNone) {
          // 3.8 sends a SecurityResult after None, 3.7 does not.
          this.resultAt = 13 + offered.length;
          return { length: 1, action: 'pass', next: this.minor === 8 ? 'security-result' : 'client-init' };
        }
        if (type === securityVncAuth) {
          this.challengeEnd = 13 + offered.length + 16;
          this.resultAt = this.challengeEnd;
          return { length: 1, action: 'pass', next: 'vnc-auth' };
        }
        return 'invalid';
      }
      case 'security-3.3': {
        // RFB 3.3: the device picked the type, and the viewer has seen it before it answers.
        if (device.length < 16) return 'invalid';
        const type = device.readUInt32BE(12);
        if (type === securityNone) return { length: 0, action: 'pass', next: 'client-init' };
        if (type === securityVncAuth) {
          this.challengeEnd = 16 + 16;
          this.resultAt = this.challengeEnd;
          return { length: 0, action: 'pass', next: 'vnc-auth' };
        }
        return 'invalid';
      }
      case 'vnc-auth':
        // The response to a challenge the viewer has seen.
        if (device.length < this.challengeEnd) return 'invalid';
        return { length: 16, action: 'pass', next: 'security-result' };
      case 'security-result':
        // ClientInit only once the device has said the handshake succeeded.
        if (device.length < this.resultAt + 4 || device.readUInt32BE(this.resultAt) !== 0) return 'invalid';
        return { length: 0, action: 'pass', next: 'client-init' };
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
