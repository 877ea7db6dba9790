import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { Marked, type Tokens } from 'marked';

/** The heading level a Markdown `#` becomes, so notes nested in a page keep its outline. */
export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/**
 * What rendered markup may contain: text structure, links and images only. No scripts, no
 * styles (they could restyle or overlay the portal), no frames, no forms or inputs (a form
 * could imitate the sign-in), no `id`/`name` (they could clobber the page's DOM names).
 */
const allowedTags = [
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'del',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'ul',
];
const allowedAttributes = ['href', 'title', 'src', 'alt', 'start', 'colspan', 'rowspan', 'align'];
/** Links to the web and mail only: `javascript:`, `data:` and the like never become links. */
const allowedUri = /^(?:https?:|mailto:|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/**
 * How links and images are rendered: `live`, or `inert` for text from someone the reader has not
 * yet chosen to trust (a company's terms before joining it): each link as its text with its
 * address after it, not clickable, and no images, since loading one tells its server who reads.
 */
export type MarkupLinks = 'live' | 'inert';

let purifier: Purifier | undefined;
let inertPurifier: Purifier | undefined;
/**
 * The document both instances were made for. A browser has one; test files that share this
 * module each bring their own (on the same global object), and an instance made for a closed
 * one sanitises to nothing.
 */
let purifiersDocument: Document | undefined;

function forThisDocument() {
  if (purifiersDocument === window.document) return;
  purifiersDocument = window.document;
  purifier = undefined;
  inertPurifier = undefined;
}

/** One DOMPurify instance of our own, so its link hook does not touch other users of the library. */
function sanitiser(): Purifier {
  forThisDocument();
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      // Links leave the portal in a new tab that cannot reach back into it (window.opener).
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    // Images only over https (the CSP's img-src); anything else would be blocked and reported.
    if (node.tagName === 'IMG' && !/^https:/i.test(node.getAttribute('src') ?? '')) node.remove();
  });
  return purifier;
}

/** A DOMPurify instance whose links become text: the `a` is unwrapped (not allowed), its address shown. */
function inertSanitiser(): Purifier {
  forThisDocument();
  if (inertPurifier) return inertPurifier;
  inertPurifier = DOMPurify(window);
  inertPurifier.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName !== 'a' || !(node instanceof Element)) return;
    const href = node.getAttribute('href')?.trim();
    if (href && href !== node.textContent?.trim()) node.append(` (${href})`);
  });
  return inertPurifier;
}

const parsers = new Map<HeadingLevel, Marked>();

function parserFor(headingLevel: HeadingLevel): Marked {
  const existing = parsers.get(headingLevel);
  if (existing) return existing;
  const parser = new Marked({
    gfm: true,
    breaks: true,
    async: false,
    renderer: {
      heading({ tokens, depth }: Tokens.Heading) {
        const level = Math.min(6, depth + headingLevel - 1);
        return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
    },
  });
  parsers.set(headingLevel, parser);
  return parser;
}

/** An event-handler attribute inside a tag (`<img src=x onerror=…>`, also after a `/`). */
const eventHandler = /(<[a-z][^>]*?)[\s/]+on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*)/gi;

/**
 * Drops event-handler attributes before the HTML is parsed. DOMPurify would remove them anyway,
 * but Chromium reports every handler it parses (even in an inert document) as a CSP violation
 * on the console. What this misses, DOMPurify still removes.
 */
function withoutEventHandlers(html: string): string {
  let previous: string;
  let current = html;
  do {
    previous = current;
    current = current.replace(eventHandler, '$1');
  } while (current !== previous);
  return current;
}

/**
 * Markdown (which may contain HTML) as sanitised HTML: safe to put into the page. `#` becomes
 * `<h{headingLevel}>`, `##` the level below, and so on; `links` says whether links and images
 * stay live.
 */
export function renderMarkup(
  source: string,
  headingLevel: HeadingLevel = 1,
  links: MarkupLinks = 'live',
): string {
  const html = withoutEventHandlers(parserFor(headingLevel).parse(source, { async: false }));
  const inert = links === 'inert';
  return (inert ? inertSanitiser() : sanitiser()).sanitize(html, {
    ALLOWED_TAGS: inert ? allowedTags.filter((tag) => tag !== 'a' && tag !== 'img') : allowedTags,
    ALLOWED_ATTR: allowedAttributes,
    ALLOWED_URI_REGEXP: allowedUri,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}

/** The text a reader sees of some markup (for labels that name it), without tags or Markdown. */
export function markupText(source: string): string {
  const html = renderMarkup(source);
  const document = new DOMParser().parseFromString(html, 'text/html');
  return (document.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
