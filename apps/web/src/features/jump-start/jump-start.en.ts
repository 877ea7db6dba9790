// English texts of this feature, under the `jumpStart` key of the translation resources.
export const jumpStartEn = {
  menu: 'JumpStart',
};
