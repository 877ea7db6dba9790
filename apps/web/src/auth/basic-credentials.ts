/** `Basic base64(utf8("email:otp:password"))`, the credentials of `POST AccessTokenList`. */
export function basicCredentials(emailAddress: string, oneTimePassword: string, password: string): string {
  const bytes = new TextEncoder().encode(`${emailAddress}:${oneTimePassword}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}
