import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import type { Feature } from '../../app/feature.ts';
import { lazyPage } from '../../app/lazy-part.tsx';

const TranslationsPage = lazyPage(() => import('./TranslationsPage.tsx'), 'TranslationsPage');

export const translationsFeatures: Feature[] = [
  {
    id: 'translations',
    path: '/translations',
    element: <TranslationsPage />,
    capability: 'translations.manage',
    menu: { section: 'COMPANY', labelKey: 'translations.menu', icon: TranslateOutlined },
    searchScope: 'translations',
  },
];
