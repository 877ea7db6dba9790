// English texts of this feature, under the `accessCategories` key of the translation resources.
export const accessCategoriesEn = {};
