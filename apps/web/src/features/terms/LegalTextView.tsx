import { useTranslation } from 'react-i18next';
import { legalTextFor, type LegalTextLanguages } from '@fleetgate/contracts';
import { Markup } from '../../components/markup/Markup.tsx';
import type { MarkupLinks } from '../../components/markup/render-markup.ts';

/**
 * A legal text in the reader's language, else English; Markdown rendered sanitised. `inert`
 * links for a company the reader has not joined: its links as text, no images.
 */
export function LegalTextView({
  languages,
  headingLevel = 2,
  links = 'live',
}: {
  languages: LegalTextLanguages;
  headingLevel?: 2 | 3;
  links?: MarkupLinks;
}) {
  const { i18n } = useTranslation();
  return (
    <Markup
      source={legalTextFor(languages, i18n.language)}
      headingLevel={headingLevel}
      variant="body1"
      links={links}
    />
  );
}
