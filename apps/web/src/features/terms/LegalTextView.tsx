import { useTranslation } from 'react-i18next';
import { legalTextFor, type LegalTextLanguages } from '@fleetgate/contracts';
import { Markup } from '../../components/markup/Markup.tsx';

/** A legal text in the reader's language, else English; Markdown rendered sanitised. */
export function LegalTextView({
  languages,
  headingLevel = 2,
}: {
  languages: LegalTextLanguages;
  headingLevel?: 2 | 3;
}) {
  const { i18n } = useTranslation();
  return (
    <Markup source={legalTextFor(languages, i18n.language)} headingLevel={headingLevel} variant="body1" />
  );
}
