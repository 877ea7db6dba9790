import PrecisionManufacturing from '@mui/icons-material/PrecisionManufacturing';
import type { Feature } from '../../app/feature.ts';
import { AssetTypesDrawer } from './AssetTypesDrawer.tsx';
import { AssetsPage } from './AssetsPage.tsx';
import { assetsCapability } from './assets-capability.ts';

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
