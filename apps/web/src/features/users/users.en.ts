// English texts of this feature, under the `users` key of the translation resources.
export const usersEn = {};
