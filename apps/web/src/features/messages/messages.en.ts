// English texts of this feature, under the `messages` key of the translation resources.
export const messagesEn = {
  title: 'Messages',
  subtitle: 'Notifications about your account and your companies.',
  empty: 'No messages yet. Notifications about your account and your companies will appear here.',
  new: 'New',
  loadMore: 'Show older messages',
  loadFailed: 'The messages could not be loaded.',
  retry: 'Try again',
  aboutAccount: 'Your account',
};
