// English texts of this feature, under the `customFields` key of the translation resources.
export const customFieldsEn = {};
