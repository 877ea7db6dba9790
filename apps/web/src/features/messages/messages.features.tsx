import type { Feature } from '../../app/feature.ts';
import { lazyPage } from '../../app/lazy-part.tsx';

const MessagesPage = lazyPage(() => import('./MessagesPage.tsx'), 'MessagesPage');

/** The inbox behind the mail icon: every signed-in user has one, so no capability and no menu link. */
export const messagesFeatures: Feature[] = [{ id: 'messages', path: '/messages', element: <MessagesPage /> }];
