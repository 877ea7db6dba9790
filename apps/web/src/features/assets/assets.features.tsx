import PrecisionManufacturing from '@mui/icons-material/PrecisionManufacturing';
import type { Feature } from '../../app/feature.ts';
import { lazyPage, lazyPart } from '../../app/lazy-part.tsx';
import { assetsCapability } from './assets-capability.ts';

const AssetTypesDrawer = lazyPart(() => import('./AssetTypesDrawer.tsx'), 'AssetTypesDrawer', null);
const AssetsPage = lazyPage(() => import('./AssetsPage.tsx'), 'AssetsPage');

export const assetsFeatures: Feature[] = [
  {
    id: 'assets',
    path: '/assets',
    element: <AssetsPage />,
    capability: assetsCapability,
    menu: {
      section: 'DEVICE_SETTINGS',
      labelKey: 'assets.menu',
      icon: PrecisionManufacturing,
      children: <AssetTypesDrawer />,
    },
    searchScope: 'assets',
  },
  {
    id: 'assets-of-type',
    path: '/assets/:publicId',
    element: <AssetsPage />,
    capability: assetsCapability,
    searchScope: 'assets',
  },
];
