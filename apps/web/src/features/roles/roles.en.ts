// English texts of this feature, under the `roles` key of the translation resources.
export const rolesEn = {};
