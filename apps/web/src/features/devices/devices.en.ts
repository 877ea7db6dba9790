// English texts of this feature, under the `devices` key of the translation resources.
export const devicesEn = {
  menu: 'Devices',
};
