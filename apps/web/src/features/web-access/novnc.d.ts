// The part of noVNC's RFB client (docs/API.md of @novnc/novnc 1.7) the viewer uses; the package has no types.
declare module '@novnc/novnc' {
  export type RfbOptions = { shared?: boolean; credentials?: { password?: string }; wsProtocols?: string[] };
  export default class RFB extends EventTarget {
    constructor(target: HTMLElement, urlOrChannel: string | WebSocket, options?: RfbOptions);
    viewOnly: boolean;
    scaleViewport: boolean;
    clipViewport: boolean;
    resizeSession: boolean;
    focusOnClick: boolean;
    background: string;
    disconnect(): void;
    sendCtrlAltDel(): void;
    clipboardPasteFrom(text: string): void;
    sendCredentials(credentials: { username?: string; password?: string }): void;
    focus(options?: FocusOptions): void;
  }
}
