import type { Feature } from './feature.ts';
import { HomePage } from '../features/home/HomePage.tsx';

export const features: Feature[] = [{ id: 'home', path: '/', element: <HomePage /> }];
