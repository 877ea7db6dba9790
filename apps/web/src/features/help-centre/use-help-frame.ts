import { useCallback, useEffect, useReducer, useRef, type RefObject } from 'react';
import {
  helpFrameReducer,
  helpReadyTimeoutMs,
  initialHelpFrameState,
  isHelpReadyMessage,
  type HelpContextMessage,
  type HelpFrameState,
} from './help-centre-messages.ts';

type HelpFrame = {
  frameRef: RefObject<HTMLIFrameElement | null>;
  state: HelpFrameState;
  /** The frame's load event: a page is there to receive the context (it may still be an error page). */
  handleLoad: () => void;
  retry: () => void;
};

/**
 * The help centre frame's life: ready once the help site posts `fleetgate.help.ready`, failed
 * when it has not within 3 s. The frame's load event proves nothing: Chromium fires it within
 * milliseconds for a refused connection, an error page and a page that refuses to be framed.
 * The context goes to the frame's exact origin on every load, on ready, and whenever it changes
 * while the panel is open.
 */
export function useHelpFrame(origin: string, message: HelpContextMessage, open: boolean): HelpFrame {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [state, dispatch] = useReducer(helpFrameReducer, initialHelpFrameState);
  // Whether the current frame holds a page yet; before that a message would be lost.
  const hasPage = useRef(false);

  const post = useCallback(
    (context: HelpContextMessage) => {
      const target = frameRef.current?.contentWindow;
      // The exact origin: if the frame went elsewhere, the browser drops the message.
      if (hasPage.current && target) target.postMessage(context, origin);
    },
    [origin],
  );

  useEffect(() => {
    if (state.status !== 'loading') return;
    const attempt = state.attempt;
    const timer = setTimeout(() => dispatch({ type: 'timeout', attempt }), helpReadyTimeoutMs);
    return () => clearTimeout(timer);
  }, [state.attempt, state.status]);

  useEffect(() => {
    const handleMessage = (event: MessageEvent) => {
      if (!isHelpReadyMessage(event, origin, frameRef.current?.contentWindow)) return;
      hasPage.current = true;
      dispatch({ type: 'ready' });
      if (open) post(message);
    };
    window.addEventListener('message', handleMessage);
    return () => window.removeEventListener('message', handleMessage);
  }, [origin, message, open, post]);

  // The route, language or rights changed, or the panel opened again.
  useEffect(() => {
    if (open) post(message);
  }, [open, message, post]);

  const handleLoad = () => {
    hasPage.current = true;
    if (open) post(message);
  };

  const retry = useCallback(() => {
    hasPage.current = false;
    dispatch({ type: 'retry' });
  }, []);

  return { frameRef, state, handleLoad, retry };
}
