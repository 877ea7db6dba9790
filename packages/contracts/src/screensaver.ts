/**
 * Router display screensaver: the image a gateway with a display (`Agent.hasDisplay`) shows when
 * idle, one per agent. Uploaded raw (`POST RouterDisplayScreensaverUpload?agent=<publicId>`).
 */
export const screensaverMaxBytes = 1024 * 1024;

/** What a display can show: raster images only (no SVG, no icons). The type is told by the content. */
export const screensaverImageTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ScreensaverImageType = (typeof screensaverImageTypes)[number];

/** The query parameter naming the agent on the upload. */
export const screensaverAgentParameter = 'agent';

/** How often a running agent asks for a changed screensaver, by default (`--screensaver-interval`). */
export const screensaverPollSeconds = 300;

export type RouterDisplayScreensaver = {
  publicId: string;
  agent: { publicId: string; name: string };
  contentType: ScreensaverImageType;
  size: number;
  createdOn: string;
};

/** Error messages of the screensaver routes (stable strings the web app translates). */
export const screensaverErrorMessages = {
  /** The agent named by `agent` has `hasDisplay` false. */
  noDisplay: 'Agent has no display',
  /** Neither PNG, JPEG nor WebP by its content. */
  unsupportedImage: 'Unsupported image type: use PNG, JPEG or WebP',
  /** Over `screensaverMaxBytes`. */
  imageTooLarge: 'File too large: a screensaver may have 1 MB',
} as const;
