/**
 * The one owner of the page's `<link rel=icon>`: the branding sets the base icon, and an override
 * (the VPN icon while connected, portal spec §4) wins over it for as long as it is set. Each side
 * sets only its own value, so neither restores a stale icon when the other changed meanwhile.
 */
const defaultIcon = { href: '/favicon.svg', type: 'image/svg+xml' };

let baseHref: string | null = null;
let overrideHref: string | null = null;

function apply(): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) return;
  const href = overrideHref ?? baseHref;
  if (href === null) {
    link.setAttribute('type', defaultIcon.type);
    link.setAttribute('href', defaultIcon.href);
  } else {
    // A branding's icon may be PNG, ICO or WebP: the browser reads the type from the response.
    link.removeAttribute('type');
    link.setAttribute('href', href);
  }
}

/** The branding's favicon, or null for Fleetgate's own. */
export function setBaseFavicon(href: string | null): void {
  baseHref = href;
  apply();
}

/** An icon that wins over the branding's while set (the VPN icon); null ends it. */
export function setFaviconOverride(href: string | null): void {
  overrideHref = href;
  apply();
}
