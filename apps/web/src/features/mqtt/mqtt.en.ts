// English texts of this feature, under the `mqtt` key of the translation resources.
export const mqttEn = {};
