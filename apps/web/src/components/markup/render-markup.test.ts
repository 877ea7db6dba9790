// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { escapeMarkdown } from './escape-markdown.ts';
import { markupText, renderMarkup } from './render-markup.ts';

/** The rendered markup as a DOM, to ask what is in it rather than match strings. */
function rendered(source: string, level?: 1 | 3) {
  const container = document.createElement('div');
  container.innerHTML = renderMarkup(source, level);
  return container;
}

describe('renderMarkup', () => {
  it('renders Markdown headings, lists, emphasis and code', () => {
    const html = rendered('# Release\n\n- **Local API** on `127.0.0.1:9250`\n- SOCKS5 proxy\n\n1. one');
    expect(html.querySelector('h1')?.textContent).toBe('Release');
    expect([...html.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual([
      'Local API on 127.0.0.1:9250',
      'SOCKS5 proxy',
    ]);
    expect(html.querySelector('strong')?.textContent).toBe('Local API');
    expect(html.querySelector('code')?.textContent).toBe('127.0.0.1:9250');
    expect(html.querySelector('ol > li')?.textContent).toBe('one');
    expect(html.textContent).not.toMatch(/[#*`]/);
  });

  it('moves headings below the page outline', () => {
    const html = rendered('# Title\n\n## Part\n\n###### Deep', 3);
    expect([...html.querySelectorAll('h3, h4, h6')].map((h) => h.tagName)).toEqual(['H3', 'H4', 'H6']);
    expect(html.querySelector('h1, h2')).toBeNull();
  });

  it('drops scripts, whether as HTML or inside Markdown', () => {
    const html = rendered(
      'Hello <script>window.hacked = true</script>\n\n<script src="https://evil.example/x.js"></script>',
    );
    expect(html.querySelector('script')).toBeNull();
    expect(html.innerHTML).not.toMatch(/hacked|evil/);
    expect(html.textContent).toContain('Hello');
  });

  it('drops event handlers', () => {
    const html = rendered(
      '<img src="https://example.com/x.png" onerror="alert(1)"> <a href="https://example.com" onclick="alert(2)" onmouseover="alert(3)">x</a> <p onload="alert(4)">p</p>',
    );
    for (const element of html.querySelectorAll('*')) {
      expect(element.getAttributeNames().filter((name) => name.startsWith('on'))).toEqual([]);
    }
    expect(html.innerHTML).not.toMatch(/alert/);
  });

  it('never links to javascript: or data: addresses', () => {
    const html = rendered(
      '[md](javascript:alert(1)) <a href="JaVaScRiPt:alert(2)">html</a> <a href="  javascript:alert(3)">space</a> [data](data:text/html;base64,PHNjcmlwdD4=)',
    );
    for (const link of html.querySelectorAll('a')) {
      expect(link.getAttribute('href') ?? '').not.toMatch(/^\s*(javascript|data):/i);
    }
    expect(html.innerHTML).not.toMatch(/javascript:/i);
  });

  it('drops iframes, objects, styles, forms and style attributes', () => {
    const html = rendered(
      '<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x"><style>body{display:none}</style><form action="https://evil.example"><input name="password"><button>Sign in</button></form><p style="position:fixed;inset:0">cover</p><svg><script>1</script></svg><math></math>',
    );
    expect(html.querySelector('iframe, object, embed, style, form, input, button, svg, math')).toBeNull();
    expect(html.querySelector('[style]')).toBeNull();
    expect(html.textContent).toContain('cover');
  });

  it('opens links in a new tab that cannot reach back into the portal', () => {
    const html = rendered(
      'See [the docs](https://docs.example.com/connector) or <a href="mailto:help@example.com">mail</a>.',
    );
    const links = [...html.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://docs.example.com/connector',
      'mailto:help@example.com',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('keeps https images only, and no ids that could clobber the page', () => {
    const html = rendered(
      '![logo](https://example.com/logo.png) ![local](http://example.com/x.png) <img src="x" id="location" name="cookie">',
    );
    expect([...html.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      'https://example.com/logo.png',
    ]);
    expect(html.querySelector('[id], [name]')).toBeNull();
  });
});

describe('renderMarkup with inert links (terms of a company not joined yet)', () => {
  const terms = [
    '# Terms',
    '',
    'See [our privacy policy](https://acme.example/privacy) and https://acme.example/faq.',
    '',
    '![logo](https://tracker.example/pixel.png) <img src="https://tracker.example/2.png" alt="x">',
    '',
    '<a href="https://acme.example/raw"><b>Raw link</b></a>',
  ].join('\n');

  it('shows links as text with their address, and no images', () => {
    const container = document.createElement('div');
    container.innerHTML = renderMarkup(terms, 3, 'inert');
    expect(container.querySelector('a, img, [href], [src]')).toBeNull();
    expect(container.innerHTML).not.toContain('tracker.example');
    const text = container.textContent.replace(/\s+/g, ' ');
    expect(text).toContain('our privacy policy (https://acme.example/privacy)');
    expect(text).toContain('https://acme.example/faq');
    expect(text).not.toContain('https://acme.example/faq (');
    expect(container.querySelector('b')?.textContent).toBe('Raw link');
    expect(text).toContain('Raw link (https://acme.example/raw)');
    expect(container.querySelector('h3')?.textContent).toBe('Terms');
  });

  it('leaves live markup as it was', () => {
    const container = document.createElement('div');
    container.innerHTML = renderMarkup(terms, 3);
    expect(container.querySelector('a[href="https://acme.example/privacy"]')?.textContent).toBe(
      'our privacy policy',
    );
    expect(container.querySelectorAll('img')).toHaveLength(2);
  });
});

describe('markupText', () => {
  it('is what a reader sees', () => {
    expect(markupText('Your access to **Line 1** ends at 14:05')).toBe('Your access to Line 1 ends at 14:05');
    expect(markupText('<b onclick="x()">bold</b> <script>evil()</script>text')).toBe('bold text');
  });
});

describe('escapeMarkdown', () => {
  it('shows names as they are, never as markup', () => {
    for (const name of [
      '**Press** _line_ #7',
      '<img src=x onerror=alert(1)>',
      '[click](javascript:x)',
      'A & B \\ C',
    ]) {
      expect(markupText(`Access to ${escapeMarkdown(name)} ends`)).toBe(`Access to ${name} ends`);
    }
    expect(rendered(escapeMarkdown('<b>x</b>')).querySelector('b')).toBeNull();
  });
});
