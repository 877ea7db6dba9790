import { useEffect } from 'react';
import { lazyPart } from '../../app/lazy-part.tsx';
import { useViewerState, viewerStore } from './viewer-store.ts';

// noVNC and the viewer load only when a screen is first viewed, so no page carries them.
const VncViewer = lazyPart(() => import('./VncViewer.tsx'), 'VncViewer', null);

/** Mounted once in the shell: the screen viewer when one is open, whatever page is shown. */
export function WebViewerHost() {
  const { target, minimised } = useViewerState();
  // Leaving the shell (logging out, another company) closes the viewer for good.
  useEffect(() => () => viewerStore.close(), []);
  if (!target) return null;
  // A new service is a new viewer (its own session and settings).
  return (
    <VncViewer
      key={`${target.agent.publicId}/${target.server.publicId}`}
      target={target}
      minimised={minimised}
    />
  );
}
