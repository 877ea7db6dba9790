// English texts of this feature, under the `assets` key of the translation resources.
export const assetsEn = {};
