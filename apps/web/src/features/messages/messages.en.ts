// English texts of this feature, under the `messages` key of the translation resources.
export const messagesEn = {};
