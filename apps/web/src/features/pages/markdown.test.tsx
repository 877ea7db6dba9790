import { describe, expect, it } from 'vitest';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { renderMarkdown, safeHref } from './markdown.tsx';

const html = (text: string) => renderToStaticMarkup(createElement(Fragment, null, ...renderMarkdown(text)));

describe('markdown of text components', () => {
  it('renders headings, emphasis, lists and code', () => {
    expect(html('# Title\n\nSome **bold** and *soft* `code`\n\n- one\n- two')).toBe(
      '<h1>Title</h1><p>Some <strong>bold</strong> and <em>soft</em> <code>code</code></p><ul><li>one</li><li>two</li></ul>',
    );
  });

  it('keeps HTML as text', () => {
    const out = html('<script>alert(1)</script> <img src=x onerror=alert(1)>');
    expect(out).not.toContain('<script');
    expect(out).not.toContain('<img');
    expect(out).toContain('&lt;script&gt;');
  });

  it('links only to web and mail addresses', () => {
    expect(html('[site](https://example.com)')).toBe(
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a></p>',
    );
    expect(html('[bad](javascript:alert(1))')).not.toContain('href');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('/relative')).toBeNull();
    expect(safeHref('mailto:ops@example.com')).toBe('mailto:ops@example.com');
  });

  it('shows an image as its alt text only', () => {
    expect(html('![plant](https://example.com/x.png)')).toBe('<p>plant</p>');
  });
});
