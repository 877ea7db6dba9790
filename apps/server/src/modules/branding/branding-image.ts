import { brandingErrorMessages } from '@fleetgate/contracts';
import { ApiError } from '../../http/errors.ts';
import { sniffImageType, type ImageType } from '../../http/image-type.ts';
import { cssFetches, withoutFetchingCss } from './svg-style.ts';

type Purifier = (svg: string) => string | undefined;
let purifier: Promise<Purifier> | undefined;

/**
 * DOMPurify (on jsdom, loaded at the first SVG upload) with its SVG profile, and only same-
 * document references (`href="#id"`, `url(#id)`) kept: scripts, event handlers, foreignObject,
 * links to other documents, external images and CSS that fetches (`@import`, remote `url()`,
 * in `<style>`, `style` and presentation attributes; svg-style.ts) are removed. The result is
 * re-serialised as XML with exactly one `<svg>` root in the SVG namespace.
 */
function loadPurifier(): Promise<Purifier> {
  purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
      import('jsdom'),
      import('dompurify'),
    ]);
    const { window } = new JSDOM('');
    const purify = createDOMPurify(window);
    purify.addHook('uponSanitizeElement', (node, data) => {
      if (data.tagName === 'style') node.textContent = withoutFetchingCss(node.textContent ?? '');
    });
    purify.addHook('uponSanitizeAttribute', (_node, data) => {
      if (data.attrName === 'href' || data.attrName === 'xlink:href') {
        if (!data.attrValue.trim().startsWith('#')) data.keepAttr = false;
      } else if (data.attrName === 'style') data.attrValue = withoutFetchingCss(data.attrValue);
      // Presentation attributes (fill, filter, mask …) are CSS values too.
      else if (cssFetches(data.attrValue)) data.keepAttr = false;
    });
    const serializer = new window.XMLSerializer();
    return (svg: string) => {
      const fragment = purify.sanitize(svg, {
        USE_PROFILES: { svg: true, svgFilters: true },
        FORBID_TAGS: ['foreignObject', 'a'],
        RETURN_DOM_FRAGMENT: true,
      });
      const roots = [...fragment.childNodes].filter((node) => node.nodeType === window.Node.ELEMENT_NODE);
      const [root] = roots as Element[];
      if (
        roots.length !== 1 ||
        root?.localName !== 'svg' ||
        root.namespaceURI !== 'http://www.w3.org/2000/svg' ||
        // Nothing left to draw: what the upload held was removed.
        root.children.length === 0
      )
        return undefined;
      return serializer.serializeToString(root);
    };
  })();
  return purifier;
}

const svgMaxDepth = 64;
const svgMaxElements = 5000;

/** A cheap scan of the tags: no deeper than 64 levels, at most 5,000 elements. */
export function withinSvgBounds(text: string): boolean {
  let depth = 0;
  let elements = 0;
  for (const match of text.matchAll(/<(\/?)([A-Za-z][^\s/>]*)[^>]*?(\/?)>/g)) {
    if (match[1] === '/') depth -= 1;
    else {
      elements += 1;
      if (match[3] !== '/') depth += 1;
    }
    if (depth > svgMaxDepth || elements > svgMaxElements) return false;
  }
  return true;
}

/** The SVG made safe to serve, or a 400 when nothing usable is left. */
export async function sanitizeSvg(bytes: Uint8Array): Promise<Uint8Array> {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  // The parser and the sanitiser recurse: a deeply nested or huge tree is refused before it can
  // overflow the stack or hold the event loop. Logos need neither.
  if (!withinSvgBounds(text))
    throw new ApiError(400, [{ message: brandingErrorMessages.invalidSvg, propertyName: 'file' }]);
  let clean: string | undefined;
  try {
    clean = (await loadPurifier())(text);
  } catch {
    clean = undefined;
  }
  if (clean === undefined)
    throw new ApiError(400, [{ message: brandingErrorMessages.invalidSvg, propertyName: 'file' }]);
  return new TextEncoder().encode(clean);
}

/** Checks an upload's real type and returns what to store (SVG sanitised). */
export async function readBrandingImage(
  bytes: Uint8Array,
): Promise<{ contentType: ImageType; bytes: Uint8Array }> {
  const contentType = sniffImageType(bytes);
  if (!contentType)
    throw new ApiError(400, [{ message: brandingErrorMessages.unsupportedImage, propertyName: 'file' }]);
  if (contentType !== 'image/svg+xml') return { contentType, bytes };
  return { contentType, bytes: await sanitizeSvg(bytes) };
}
