/** A text with its selection, as a textarea holds it. */
export type Selection = { text: string; start: number; end: number };

export type MarkdownAction = 'bold' | 'italic' | 'heading' | 'bulletList' | 'link';

const wrappers: Partial<Record<MarkdownAction, [string, string, string]>> = {
  bold: ['**', '**', 'bold text'],
  italic: ['_', '_', 'italic text'],
  link: ['[', '](https://)', 'link text'],
};
const linePrefixes: Partial<Record<MarkdownAction, string>> = { heading: '## ', bulletList: '- ' };

/**
 * Applies a toolbar action: wraps the selection (or a placeholder) in inline markup, or prefixes
 * each selected line. Answers the new text and what to select afterwards.
 */
export function applyMarkdown(action: MarkdownAction, { text, start, end }: Selection): Selection {
  const wrapper = wrappers[action];
  if (wrapper) {
    const [before, after, placeholder] = wrapper;
    const inner = text.slice(start, end) || placeholder;
    const next = text.slice(0, start) + before + inner + after + text.slice(end);
    return { text: next, start: start + before.length, end: start + before.length + inner.length };
  }
  const prefix = linePrefixes[action]!;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const block = text.slice(lineStart, end);
  const prefixed = block
    .split('\n')
    .map((line) => (line.startsWith(prefix) ? line : prefix + line))
    .join('\n');
  const next = text.slice(0, lineStart) + prefixed + text.slice(end);
  return { text: next, start: lineStart, end: lineStart + prefixed.length };
}

/**
 * The calls that save `texts` over `saved`, in an order the server accepts: English first when
 * languages are set, English last when languages are removed.
 */
export function languageChanges(saved: Record<string, string>, texts: Record<string, string>) {
  const languages = [...new Set([...Object.keys(saved), ...Object.keys(texts)])];
  const changed = languages.filter(
    (language) => (texts[language] ?? '').trim() !== (saved[language] ?? '').trim(),
  );
  const sets = changed.filter((language) => (texts[language] ?? '').trim() !== '');
  const removals = changed.filter((language) => (texts[language] ?? '').trim() === '');
  const englishFirst = (a: string, b: string) => Number(b === 'en') - Number(a === 'en');
  return [
    ...sets.sort(englishFirst).map((language) => ({ language, body: texts[language]! })),
    ...removals.sort((a, b) => -englishFirst(a, b)).map((language) => ({ language, body: null })),
  ];
}
