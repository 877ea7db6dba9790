import { createElement, Fragment, type ReactNode } from 'react';
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';

// `html: false`: HTML in the text stays text. The tokens are turned into React elements (never
// into an HTML string), so only the tags listed here can appear.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const allowedTags = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'strong',
  'em',
  's',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]);

/** Only web and mail links; `javascript:` and the like become plain text. */
export function safeHref(href: string | null): string | null {
  if (href === null) return null;
  try {
    const url = new URL(href, 'https://invalid.example');
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) && !href.startsWith('/') ? href : null;
  } catch {
    return null;
  }
}

type Frame = { tag: string | null; href: string | null; children: ReactNode[] };

function build(tokens: readonly Token[], keyPrefix: string): ReactNode[] {
  const root: Frame = { tag: null, href: null, children: [] };
  const stack: Frame[] = [root];
  const top = () => stack[stack.length - 1]!;
  tokens.forEach((token, index) => {
    const key = `${keyPrefix}${index}`;
    if (token.type === 'inline') {
      top().children.push(...build(token.children ?? [], `${key}-`));
      return;
    }
    if (token.nesting === 1) {
      const raw = token.attrGet('href');
      const href = token.tag === 'a' ? safeHref(raw === null ? null : String(raw)) : null;
      // Paragraphs of tight lists are hidden: their text goes straight into the list item.
      const allowed = allowedTags.has(token.tag) && !token.hidden && (token.tag !== 'a' || href !== null);
      const tag = allowed ? token.tag : null;
      stack.push({ tag, href, children: [] });
      return;
    }
    if (token.nesting === -1) {
      const frame = stack.length > 1 ? stack.pop()! : root;
      if (frame === root) return;
      const props: Record<string, string> = { key };
      if (frame.tag === 'a' && frame.href) {
        props.href = frame.href;
        props.target = '_blank';
        props.rel = 'noopener noreferrer';
      }
      top().children.push(
        frame.tag
          ? createElement(frame.tag, props, ...frame.children)
          : createElement(Fragment, { key }, ...frame.children),
      );
      return;
    }
    switch (token.type) {
      case 'text':
        top().children.push(token.content);
        break;
      case 'code_inline':
        top().children.push(createElement('code', { key }, token.content));
        break;
      case 'code_block':
      case 'fence':
        top().children.push(createElement('pre', { key }, createElement('code', null, token.content)));
        break;
      case 'softbreak':
        top().children.push('\n');
        break;
      case 'hardbreak':
        top().children.push(createElement('br', { key }));
        break;
      case 'hr':
        top().children.push(createElement('hr', { key }));
        break;
      case 'image':
        top().children.push(token.content);
        break;
      default:
        if (token.content) top().children.push(token.content);
    }
  });
  return root.children;
}

/** Markdown as React elements: headings, lists, emphasis, links, code and tables; no HTML, no images. */
export function renderMarkdown(text: string): ReactNode[] {
  return build(markdown.parse(text, {}), 'md');
}
