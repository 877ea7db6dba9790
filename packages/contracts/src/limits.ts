/** Shared limits and durations used by both the server and the web app. */
export const limits = {
  nameMaxLength: 255,
  orderStep: 1000,
  pageSizeDefault: 20,
  pageSizeMax: 4000,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  accessTokenMinSeconds: 60,
  accessTokenMaxSeconds: 5_184_000,
  jumpStartLinkSeconds: 60,
  jumpStartSessionSeconds: 2_592_000,
  publicIdLength: 12,
} as const;

export const apiVersion = '2';
