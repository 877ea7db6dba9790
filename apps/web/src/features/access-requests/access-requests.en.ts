// English texts of this feature, under the `accessRequests` key of the translation resources.
export const accessRequestsEn = {
  menu: 'AccessRequests',
};
