import type { Translated } from '../../app/locales/translated.ts';
import type { messagesEn } from './messages.en.ts';

// German texts of this feature, under the `messages` key of the translation resources.
export const messagesDe: Translated<typeof messagesEn> = {
  title: 'Nachrichten',
  subtitle: 'Benachrichtigungen zu Ihrem Konto und Ihren Unternehmen.',
  empty: 'Noch keine Nachrichten. Benachrichtigungen zu Ihrem Konto und Ihren Unternehmen erscheinen hier.',
  new: 'Neu',
  loadMore: 'Ältere Nachrichten anzeigen',
  loadFailed: 'Die Nachrichten konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  aboutAccount: 'Ihr Konto',
};
