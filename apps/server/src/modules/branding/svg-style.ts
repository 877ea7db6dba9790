import {
  isTokenAtKeyword,
  isTokenBadURL,
  isTokenCloseCurly,
  isTokenCloseParen,
  isTokenCloseSquare,
  isTokenFunction,
  isTokenOpenCurly,
  isTokenOpenParen,
  isTokenOpenSquare,
  isTokenSemicolon,
  isTokenString,
  isTokenURL,
  isTokenWhiteSpaceOrComment,
  stringify,
  tokenize,
  type CSSToken,
} from '@csstools/css-tokenizer';

/**
 * CSS in an uploaded SVG (`<style>` elements, `style` and presentation attributes) may not
 * fetch anything: no `@import` or other at-rule but the grouping ones, no `url()` but to an
 * element of the same image (`url(#gradient)`), no function that loads an image by address.
 * The CSS is read by a tokenizer that follows the CSS Syntax specification, as a browser does,
 * so escapes (`@\69mport`, `u\72l(`) and comments are read as the browser would read them.
 */
const keptAtRules = new Set(['media', 'supports', 'keyframes', '-webkit-keyframes']);
const fetchingFunctions = new Set([
  'image',
  'image-set',
  '-webkit-image-set',
  'cross-fade',
  '-webkit-cross-fade',
  'element',
  '-moz-element',
  'src',
  'paint',
]);

const sameDocument = (address: string) => address.trim().startsWith('#');

/** Whether the token at `index` fetches something or is an at-rule that is not kept. */
function fetches(tokens: CSSToken[], index: number): boolean {
  const token = tokens[index]!;
  if (isTokenAtKeyword(token)) return !keptAtRules.has(token[4].value.toLowerCase());
  if (isTokenBadURL(token)) return true;
  if (isTokenURL(token)) return !sameDocument(token[4].value);
  if (!isTokenFunction(token)) return false;
  const name = token[4].value.toLowerCase();
  if (fetchingFunctions.has(name)) return true;
  if (name !== 'url') return false;
  let next = index + 1;
  while (isTokenWhiteSpaceOrComment(tokens[next])) next += 1;
  const address = tokens[next];
  return !(isTokenString(address) && sameDocument(address[4].value));
}

/** Whether CSS text (a value, a declaration list or a style sheet) fetches anything. */
export function cssFetches(css: string): boolean {
  const tokens = tokenize({ css });
  return tokens.some((_, index) => fetches(tokens, index));
}

/**
 * The CSS without the statements (declarations, rule preludes, at-rules) that fetch anything.
 * A statement ends at `;`, `{` or `}` outside parentheses and brackets, as in the CSS parser;
 * the delimiters stay, so what is left is read as before, only without those statements. The
 * result is checked again, and dropped whole should anything that fetches be left.
 */
export function withoutFetchingCss(css: string): string {
  const tokens = tokenize({ css });
  const kept: CSSToken[] = [];
  let statement: CSSToken[] = [];
  let fetchesHere = false;
  let depth = 0;
  const endStatement = () => {
    if (!fetchesHere) kept.push(...statement);
    statement = [];
    fetchesHere = false;
  };
  tokens.forEach((token, index) => {
    if (isTokenOpenParen(token) || isTokenOpenSquare(token) || isTokenFunction(token)) depth += 1;
    else if ((isTokenCloseParen(token) || isTokenCloseSquare(token)) && depth > 0) depth -= 1;
    const delimiter =
      depth === 0 && (isTokenSemicolon(token) || isTokenOpenCurly(token) || isTokenCloseCurly(token));
    if (delimiter) {
      endStatement();
      kept.push(token);
      return;
    }
    if (fetches(tokens, index)) fetchesHere = true;
    statement.push(token);
  });
  endStatement();
  const clean = stringify(...kept);
  return cssFetches(clean) ? '' : clean;
}
