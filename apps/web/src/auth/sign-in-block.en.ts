// English texts of the stored sign-in block, under the `signInBlock` key of the translation resources.
export const signInBlockEn = {
  title: 'Sign-in blocked until {{time}}',
  body: 'There were too many unsuccessful sign-in attempts for {{emailAddress}} or from your network. To protect the account, sign-in is refused until {{time}}.',
  after:
    'After that you can sign in again. If you have forgotten your password, ask your administrator to reset it.',
  notice: 'Sign-in for {{emailAddress}} is blocked until {{time}}.',
  ok: 'OK',
};
