import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';

/**
 * CodeMirror's default colours (a light brown for comments, for one) fall below the 4.5:1
 * contrast WCAG AA asks of text; these keep every token readable on the editor's background.
 */
const light = HighlightStyle.define([
  { tag: tags.comment, color: '#5f5f5f', fontStyle: 'italic' },
  { tag: [tags.keyword, tags.operatorKeyword, tags.modifier], color: '#7b1fa2' },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: '#1b5e20' },
  { tag: [tags.number, tags.bool, tags.null], color: '#0d47a1' },
  { tag: [tags.definition(tags.variableName), tags.function(tags.variableName)], color: '#004d99' },
  { tag: tags.propertyName, color: '#6d3a00' },
  { tag: tags.invalid, color: '#b00020' },
]);

const dark = HighlightStyle.define([
  { tag: tags.comment, color: '#b0b0b0', fontStyle: 'italic' },
  { tag: [tags.keyword, tags.operatorKeyword, tags.modifier], color: '#e1a6ff' },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: '#a5d6a7' },
  { tag: [tags.number, tags.bool, tags.null], color: '#90caf9' },
  { tag: [tags.definition(tags.variableName), tags.function(tags.variableName)], color: '#81d4fa' },
  { tag: tags.propertyName, color: '#ffcc80' },
  { tag: tags.invalid, color: '#ff8a80' },
]);

export const accessibleHighlighting = (mode: 'light' | 'dark') =>
  syntaxHighlighting(mode === 'dark' ? dark : light);
