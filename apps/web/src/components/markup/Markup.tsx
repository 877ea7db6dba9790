import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { renderMarkup, type HeadingLevel, type MarkupLinks } from './render-markup.ts';

type Props = {
  /** Markdown, possibly with HTML: rendered sanitised. */
  source: string;
  /** What `#` becomes; nested in a page, below the page's own headings. */
  headingLevel?: HeadingLevel;
  /** The typography of the body text; headings, lists and code follow the theme too. */
  variant?: 'body1' | 'body2';
  /** `inherit` on coloured backgrounds (a filled alert): links and code take the text's colour. */
  tone?: 'theme' | 'inherit';
  /** `inert` for text from someone not yet trusted: links as text, no images (render-markup.ts). */
  links?: MarkupLinks;
};

/**
 * Text with markup (release notes, reminders) as the theme's typography. The HTML is sanitised
 * before it reaches the page and carries no inline scripts or styles, so it works under the CSP.
 */
export function Markup({
  source,
  headingLevel = 1,
  variant = 'body2',
  tone = 'theme',
  links = 'live',
}: Props) {
  const inherit = tone === 'inherit';
  const html = useMemo(() => renderMarkup(source, headingLevel, links), [source, headingLevel, links]);
  return (
    <Box
      className="fleetgate-markup"
      sx={(theme) => ({
        ...theme.typography[variant],
        overflowWrap: 'anywhere',
        '& > :first-child': { mt: 0 },
        '& > :last-child': { mb: 0 },
        '& p, & ul, & ol, & pre, & blockquote, & table': { my: 1 },
        '& ul, & ol': { pl: 3 },
        '& li + li': { mt: 0.5 },
        '& h1, & h2, & h3, & h4, & h5, & h6': {
          ...theme.typography.subtitle1,
          fontWeight: 600,
          mt: 2,
          mb: 1,
        },
        '& h1, & h2': { ...theme.typography.h6 },
        '& a': { color: inherit ? 'inherit' : theme.palette.primary.main, textDecoration: 'underline' },
        '& code': {
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '0.875em',
          bgcolor: inherit ? 'rgba(0, 0, 0, 0.12)' : theme.palette.action.hover,
          px: 0.5,
          borderRadius: 0.5,
        },
        '& pre': { p: 1.5, overflowX: 'auto', bgcolor: theme.palette.action.hover, borderRadius: 1 },
        '& pre code': { p: 0, bgcolor: 'transparent' },
        '& blockquote': {
          pl: 2,
          ml: 0,
          borderLeft: `4px solid ${theme.palette.divider}`,
          color: inherit ? 'inherit' : 'text.secondary',
        },
        '& img': { maxWidth: '100%' },
        '& table': { borderCollapse: 'collapse' },
        '& th, & td': { border: `1px solid ${theme.palette.divider}`, px: 1, py: 0.5 },
      })}
      // Sanitised by renderMarkup: no scripts, handlers, styles or frames survive it.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
