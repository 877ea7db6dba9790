// English texts of this feature, under the `groups` key of the translation resources.
export const groupsEn = {};
