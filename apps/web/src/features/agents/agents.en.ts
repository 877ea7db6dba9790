// English texts of this feature, under the `agents` key of the translation resources.
export const agentsEn = {
  menu: 'Agents',
};
